"""`make run`'s Celery broker: kombu's file-system transport, with message files that appear whole.

kombu's transport creates a message file and then writes into it; its reader takes any file
of the queue it lists (a rename) and parses it. A reader that comes between the two reads an
empty or half-written file, and the JSONDecodeError stops the whole Celery worker
("Unrecoverable error"): seen under `make run` during a 2,000-supplier filing, after which
nothing queued ran until the worker was restarted. Here a message is written under a name the
reader does not take (`….msg.partial`) and renamed when complete, and a file that still cannot
be read (one written by an older version, a disk error) is logged and passed over instead of
stopping the worker: the row behind it is on record and its app's sweep sends it again.
"""

from __future__ import annotations

import logging
import os
import time
import uuid

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps

logger = logging.getLogger(__name__)


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        """Put `payload` onto `queue`: written beside its final name, renamed when whole."""
        # kombu's own naming: milliseconds first, so the reader's sort keeps the order sent.
        name = f"{round(time.monotonic() * 1000)}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        partial = f"{final}.partial"  # "….{queue}.msg.partial": not a file of the queue
        try:
            with open(partial, "wb") as out:
                out.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as exc:
            raise ChannelError(f"Cannot add file {final!r} to directory") from exc

    def _get(self, queue):
        """The next message of `queue`; an unreadable file is logged and the next one taken."""
        while True:
            try:
                return super()._get(queue)
            except ValueError as exc:  # json's JSONDecodeError, UnicodeDecodeError
                logger.error("Broker message of queue %s could not be read, passed over: %s", queue, exc)


class Transport(filesystem.Transport):
    Channel = Channel
