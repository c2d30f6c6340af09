"""The host: the referee that owns a table's one true state (docs/PROTOCOL.md, docs/DESIGN.md, "netplay").

One module per concern, composed by :class:`Host` (``table``):

- ``admission``: who may connect and how much each connection may send (message and byte budgets,
  the connection cap, the PIN and its lockout);
- ``seats``: seats, seat tokens, the table's owner and the lobby requests;
- ``races``: the fair-race queue of real-time games (hold window, press order);
- ``bots``: bots' turns, takeover of an absent person's seat, the turn clock;
- ``clocks``: pings, round trips and clock offsets, press times in host time;
- ``peer``: what the host keeps about one connection; ``config``: :class:`HostConfig`;
- ``local``: :class:`LocalTable`, a host on its own thread for local play (:func:`start_local_table`).
"""

from cardtable.netplay.host.config import HostConfig
from cardtable.netplay.host.local import LocalTable, resume_local_table, start_local_table
from cardtable.netplay.host.peer import ClientConn
from cardtable.netplay.host.seats import BOT, OPEN, PERSON, Seat
from cardtable.netplay.host.table import Host

__all__ = ["BOT", "OPEN", "PERSON", "ClientConn", "Host", "HostConfig", "LocalTable", "Seat",
           "resume_local_table", "start_local_table"]
