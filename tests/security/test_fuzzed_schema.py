"""The schema the fuzzing layer (test_api_fuzz.py) builds without a request is the one
/api/schema/ serves. Kept apart from the fuzzing module, whose import builds every
operation's examples: the fast layer runs this test without importing that module."""

from __future__ import annotations

import json

import pytest
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer


def generated_schema() -> dict:
    generator = SchemaGenerator()
    return json.loads(OpenApiJsonRenderer().render(generator.get_schema(request=None, public=True)))


@pytest.mark.django_db
def test_the_fuzzed_schema_is_the_one_served(client):
    # Built without a request at import time; it must not differ from /api/schema/.
    assert client.get("/api/schema/?format=json").json() == generated_schema()
