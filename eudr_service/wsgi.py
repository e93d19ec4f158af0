import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eudr_service.settings")

application = get_wsgi_application()

# Load the country boundaries (about a second) and the plot map's place names (a small
# statement's PDF renders in the request) now, so that no request pays for them.
from risk.engine import get_index, get_place_index  # noqa: E402

get_index()
get_place_index()

# Import every view now (and what views import: DRF, the serializers, WeasyPrint), and
# build the URL resolver's lookup tables: each forked worker then shares them instead of
# paying about 0.8 s of CPU for them in its first request (bench/profile_pdf.py saw one
# filing in three land on such a worker).
from django.urls import get_resolver  # noqa: E402

get_resolver().reverse_dict  # noqa: B018 (the property fills the resolver)

# Nothing here starts a thread: gunicorn imports this module in its master and forks
# the workers from it. The embedded mode's schedule starts in one worker after the
# fork (gunicorn.conf.py, eudr_service/lib/scheduler.py).
