"""Stand-ins for the services the product talks to, for `make run`, the tests, the bench and
the scripts: the fake EU Information System (fake_eu/) and GUGiK's ULDK stand-in (uldk.py).

A Django app only for its management commands (run_fake_eu_is, run_fake_uldk), installed
when settings.STANDINS says so (EUDR_STANDINS; on by default in the development mode). The
product never imports this package, and a deployment does not ship it (docs/deploy.md).
"""
