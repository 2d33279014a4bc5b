"""The JSON form of views and actions, shared by the server and the robot protocol.

Cards are written like ``"SA"`` and ``"HT"``, calls like ``"1NT"``, ``"Pass"``, ``"X"``,
``"XX"``, seats as ``"N" "E" "S" "W"`` (or ``"0"`` … for games without compass seats).
"""
