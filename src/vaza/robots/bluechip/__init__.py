"""The Blue Chip Bridge table-manager protocol (computer bridge over TCP), both sides.

- `messages`: every line of the protocol, read in all its known variants, written strictly;
- `manager`: the table manager that deals, relays and referees (`TableManager`,
  `run_session`);
- `client`: seats any Vaza robot at any table manager (`BlueChipClient`);
- `knowledge`: what a client has been told, and the view its robot decides from;
- `session`: the boards of a session; `transport`: the lines over TCP.

See docs/robot-protocol.md.
"""
