"""A TCP relay that delays each direction by a fixed time: a slow network on one machine, for the race
tests and for trying the fair-race rules by hand (``start_delay_proxy(port, 0.04)``)."""

from __future__ import annotations

import asyncio
import contextlib
import threading


class DelayProxy:
    """Listens on ``127.0.0.1:port``; each connection is relayed to ``target`` with ``up`` seconds of
    delay towards the target and ``down`` seconds back, byte order preserved."""

    def __init__(self, target_host: str, target_port: int, up: float, down: float) -> None:
        self.target = (target_host, target_port)
        self.up, self.down = up, down
        self.server: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self, address: str = "127.0.0.1", port: int = 0) -> int:
        self.server = await asyncio.start_server(self._handle, address, port)
        return int(self.server.sockets[0].getsockname()[1])

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        for pair in ((reader, up_writer, self.up), (up_reader, writer, self.down)):
            task = asyncio.create_task(self._pump(*pair))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, delay: float) -> None:
        loop = asyncio.get_running_loop()
        line: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                due, data = await line.get()
                wait = due - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                if not data:
                    writer.close()
                    return
                writer.write(data)

        sender = asyncio.create_task(deliver())
        try:
            while True:
                data = await reader.read(65536)
                line.put_nowait((loop.time() + delay, data))
                if not data:
                    break
            await sender
        except (ConnectionError, OSError):
            writer.close()
        finally:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionError, OSError):
                await sender

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


class ThreadedProxy:
    """A :class:`DelayProxy` on its own thread; ``port`` is where to connect."""

    def __init__(self, proxy: DelayProxy) -> None:
        self.proxy = proxy
        self.loop = asyncio.new_event_loop()
        self.port = 0
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="delay-proxy", daemon=True)
        self._thread.start()
        self._ready.wait(5.0)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.port = self.loop.run_until_complete(self.proxy.start())
        self._ready.set()
        self.loop.run_forever()
        self.loop.close()

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(self.proxy.close(), self.loop).result(2.0)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(3.0)


def start_delay_proxy(target_port: int, up: float, down: float | None = None,
                      target_host: str = "127.0.0.1") -> ThreadedProxy:
    return ThreadedProxy(DelayProxy(target_host, target_port, up, up if down is None else down))
