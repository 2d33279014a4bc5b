"""The games Vaza plays, each a `vaza.core.game.Game`."""
