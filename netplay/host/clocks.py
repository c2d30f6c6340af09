"""Clocks: pings to every connection, their round trips and clock offsets, and press times in host time."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from cardtable.netplay.host.peer import ClientConn
from cardtable.netplay.protocol import Message, need

if TYPE_CHECKING:
    from cardtable.netplay.host.table import Host


class Clocks:
    """Pings connections (the host's housekeeping pings each welcomed one every ``ping_interval``),
    keeps the samples of the answers, and turns a client's press time into host time."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def ping_soon(self, client: ClientConn, count: int = 1) -> None:
        loop = asyncio.get_running_loop()
        for i in range(count):
            loop.call_later(0.03 * i, self.ping, client)

    def ping(self, client: ClientConn) -> None:
        if not client.conn.closed:
            client.pings += 1
            now = self.host.clock()
            client.sent_pings[client.pings] = now
            while len(client.sent_pings) > 16:  # never answered: forget the oldest
                del client.sent_pings[next(iter(client.sent_pings))]
            self.host.send(client, {"type": "ping", "id": client.pings, "t": now})

    def pong(self, client: ClientConn, message: Message) -> None:
        """A clock sample, only from the answer to a ping this host sent (once, with its own send time):
        invented pongs could claim a long round trip and so widen the back-dating clamp."""
        ident = message.get("id")
        now = need(message, "now", (int, float))
        sent = client.sent_pings.pop(ident, None) if isinstance(ident, int) and not isinstance(ident, bool) else None
        if sent is None or message.get("t") != sent:
            return
        arrived = self.host.clock()
        rtt = arrived - sent
        if 0 <= rtt < 10:
            client.samples.append((rtt, (sent + arrived) / 2 - now))
            if self.host.races.note_rtt(client):
                self.host.changed()

    def host_press(self, client: ClientConn, press: float | None, arrival: float) -> float:
        """``press`` (the client's clock) in host time, clamped to [arrival - round trip - margin,
        arrival]: no back-dating beyond the link's own delay (docs/PROTOCOL.md, "Fair races")."""
        config = self.host.config
        offset, rtt = client.offset, client.clamp_rtt(config.max_clamp_rtt)
        if press is None or offset is None or rtt is None:
            return arrival
        return min(arrival, max(press + offset, arrival - rtt - config.race_margin))
