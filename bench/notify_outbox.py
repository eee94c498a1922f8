"""The notification outbox (issue 27, part 2): how fast notices are queued for e-mail and Web
Push, and how fast one or two senders drain the outbox into a local SMTP server (aiosmtpd)
and a local push service, each mail and push leaving once.

    python bench/notify_outbox.py [--accounts 200] [--notices 2000] [--senders 2]
        [--database-url postgresql+asyncpg://postgres@127.0.0.1:5432/bench_notify]

Each notice goes to one of ``--accounts`` accounts that has a verified address and one push
subscription, so it is two rows. Prints and writes bench/results/notify_outbox.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.db import make_engine, make_sessionmaker  # noqa: E402
from app.identity.models import User  # noqa: E402
from app.migrate import upgrade_async  # noqa: E402
from app.notify.models import EmailAddress, PushSubscription  # noqa: E402
from app.notify.sender import Notifier  # noqa: E402
from app.utc import now  # noqa: E402
from tests.conftest import make_settings  # noqa: E402
from tests.support.mailbox import Mailbox  # noqa: E402
from tests.support.outside import VAPID_PRIVATE  # noqa: E402
from tests.support.push_service import BrowserKeys, PushService  # noqa: E402


async def fresh_postgres(url: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
    finally:
        await conn.close()


async def run(args: argparse.Namespace) -> dict[str, object]:
    url = args.database_url or f"sqlite+aiosqlite:///{tempfile.mkdtemp()}/bench.db"
    if url.startswith("postgresql"):
        await fresh_postgres(url)
    await upgrade_async(url)
    with Mailbox() as box, PushService() as pushes:
        settings = make_settings(url, vapid_private_key=VAPID_PRIVATE,
                                 public_url="http://bazaar.test", **box.settings())
        engines = [make_engine(url) for _ in range(args.senders)]
        notifiers = [Notifier(make_sessionmaker(e), settings) for e in engines]
        keys = BrowserKeys()
        async with notifiers[0].sessions() as session:
            for n in range(args.accounts):
                session.add(User(id=f"u{n}", name=f"P{n}"))
            await session.flush()
            for n in range(args.accounts):
                session.add(EmailAddress(user_id=f"u{n}", address=f"p{n}@mail.test",
                                         verified_at=now()))
                sub = keys.subscription(pushes.endpoint(f"u{n}"))
                session.add(PushSubscription(user_id=f"u{n}", endpoint=sub["endpoint"],
                                             p256dh=sub["keys"]["p256dh"],
                                             auth=sub["keys"]["auth"]))
            await session.commit()
        started = time.perf_counter()
        for n in range(args.notices):
            await notifiers[n % args.senders].enqueue(
                [f"u{n % args.accounts}"], {"kind": "your-turn", "game_id": f"g{n}",
                                            "title": "Grand Bazaar", "text": f"Turn {n}."})
        queued = time.perf_counter() - started

        async def drain(notifier: Notifier) -> int:
            handled = 0
            while n := await notifier.send_due():
                handled += n
            return handled

        started = time.perf_counter()
        handled = await asyncio.gather(*(drain(n) for n in notifiers))
        sent = time.perf_counter() - started
        rows = 2 * args.notices
        result: dict[str, object] = {
            "database": url.split(":", 1)[0], "accounts": args.accounts,
            "notices": args.notices, "rows": rows, "senders": args.senders,
            "queued_notices_per_s": round(args.notices / queued, 1),
            "sent_rows_per_s": round(rows / sent, 1),
            "rows_per_sender": handled,
            "mails_received": len(box.messages), "pushes_received": len(pushes.received),
        }
        for notifier in notifiers:
            await notifier.stop()
        for engine in engines:
            await engine.dispose()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--accounts", type=int, default=200)
    parser.add_argument("--notices", type=int, default=2000)
    parser.add_argument("--senders", type=int, default=2)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    result = asyncio.run(run(args))
    print(json.dumps(result, indent=2))
    out = ROOT / "bench" / "results" / "notify_outbox.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
