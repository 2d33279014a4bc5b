"""Who sees a claimer's hand, and when (Laws 68–70): the one rule for every game that claims.

A claimer faces its hand so that the opponents judge the claim against the cards.  While the
claim waits for their answers its opponents see the claimer's remaining cards; its partner and
the watchers do not (a rejected claim lets play go on, and partner must not learn from it, Law
16).  An accepted claim ends the deal, and then every view shows every hand; a rejected one
hides the hand again as play resumes."""

from __future__ import annotations

from vaza.core.cards import Seat
from vaza.core.game import Proposal, ProposalKind


def claimer_faced_to(proposal: Proposal[Seat] | None, viewer: Seat | None) -> frozenset[Seat]:
    """The seats whose hands `viewer` sees because of a pending claim: the claimer's, to its
    opponents; nothing to anyone else."""
    if proposal is None or proposal.kind is not ProposalKind.CLAIM or viewer is None:
        return frozenset()
    if viewer.side == proposal.by.side:
        return frozenset()
    return frozenset({proposal.by})
