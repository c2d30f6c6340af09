"""Chat: the one message a client can make the host send to everyone, so the fan-out has a budget.

The table relays at most ``chat_rate`` lines a second (bursts of ``chat_burst``), encoded once for all
recipients. Each address may send ``chat_sender_rate`` lines a second; a line over that mutes the
address for ``chat_mute`` seconds (its lines are dropped, and it is told once), and ``chat_flood`` more
lines while muted close the connection. A line refused only because the table's budget is spent is
dropped with a notice (at most one a second per sender).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.netplay.host.admission import Bucket
from cardtable.netplay.host.peer import ClientConn
from cardtable.netplay.protocol import Message, clean_name, encode, need

if TYPE_CHECKING:
    from cardtable.netplay.host.table import Host

MAX_CHAT = 200


class Chat:
    """Relays chat lines within the table's and each sender's budget."""

    def __init__(self, host: Host) -> None:
        self.host = host
        config = host.config
        self.budget = Bucket(config.chat_rate, config.chat_burst, config.chat_burst, host.clock())
        self.relayed = 0
        self.dropped = 0

    def said(self, client: ClientConn, message: Message) -> None:
        text = clean_name(need(message, "text", str), "", MAX_CHAT)
        if not text:
            return
        host = self.host
        config = host.config
        now = host.clock()
        address = host.admission.addresses.get(client.address, now)
        if address.muted_until > now:
            self.dropped += 1
            address.muted_chats += 1
            if address.muted_chats > config.chat_flood:
                host.kick(client, "chat flood")
            return
        if not address.chat.take(1.0, now):
            self.dropped += 1
            address.muted_until = now + config.chat_mute
            address.muted_chats = 0
            self._notice(client, f"you are sending chat too fast: muted for {config.chat_mute:.0f} s", now, force=True)
            return
        if not self.budget.take(1.0, now):
            self.dropped += 1
            self._notice(client, "the table's chat is busy: your line was not sent", now)
            return
        self.relayed += 1
        data = encode({"type": "chat", "name": client.name, "text": text})
        for other in list(host.conns.values()):
            if other.welcomed:
                host.send_encoded(other, data)

    def _notice(self, client: ClientConn, reason: str, now: float, force: bool = False) -> None:
        if force or now - client.chat_notice_at >= 1.0:
            client.chat_notice_at = now
            self.host.send(client, {"type": "error", "reason": reason, "request": "chat"})
