"""A fake EU Information System (V3 SOAP) written from the EU's documents, for tests and local runs.

Independent of our client: nothing here imports `euis.*` nor Django (a test checks it), so
when the fake accepts a request it is the EU's documents speaking, not our client's beliefs.
See docs/eu-information-system.md, "The fake EU Information System".
"""

from standins.fake_eu.server import FakeAccount, FakeEuInformationSystem

__all__ = ["FakeAccount", "FakeEuInformationSystem"]
