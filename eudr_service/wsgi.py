import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eudr_service.settings")

application = get_wsgi_application()

# Load the country boundaries index now (about a second) so no request pays for it.
from risk.engine import get_index  # noqa: E402

get_index()

# Nothing here starts a thread: gunicorn imports this module in its master and forks
# the workers from it. The embedded mode's schedule starts in one worker after the
# fork (gunicorn.conf.py, eudr_service/lib/scheduler.py).
