import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eudr_service.settings")

application = get_wsgi_application()

# Load the country boundaries index now (about a second) so no request pays for it.
from risk.engine import get_index  # noqa: E402

get_index()

# The embedded mode has no celery beat: its periodic work runs in this process.
from eudr_service.lib.scheduler import embedded_scheduler_start  # noqa: E402

embedded_scheduler_start()
