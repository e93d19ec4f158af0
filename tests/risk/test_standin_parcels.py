"""Under make run's ULDK stand-in an unknown parcel says so (no register was asked) and how
to reach the real one; a real register's "no such parcel" keeps its words; and every parcel
our examples offer (README, the roster template, the panel's hints) is one the stand-in knows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings as django_settings

from panel.forms import SimplifiedDeclarationForm
from standins.uldk import PARCELS, UldkStandIn
from suppliers.roster import EXAMPLE_ROW
from tests.suppliers.test_roster import template_csv

pytestmark = pytest.mark.django_db
SINGLE = "/api/eudr/v1/risk-score"
UNKNOWN = "141201_1.0001.6509"  # a real-looking parcel the stand-in does not hold
PARCEL_ID = re.compile(r"\b\d{6}_\d\.\d{4}\.(?:AR_\d+\.)?\d+(?:/\d+)?")
KNOWN = {parcel.id for parcel in PARCELS}


@pytest.fixture
def standin(settings):
    server = UldkStandIn()
    settings.ULDK_BASE_URL = server.start()
    yield
    server.stop()


def test_an_unknown_parcel_under_the_standin_says_no_register_was_asked(keyed_client, standin):
    client = keyed_client("standard")
    for _ in range(2):  # the second answer comes from the remembered "no such parcel"
        response = client.post(SINGLE, {"parcelId": UNKNOWN, "commodity": "soja"}, format="json")
        assert response.status_code == 404
        problem = response.json()
        assert problem["code"] == "parcel_not_found"
        assert (
            "local ULDK stand-in" in problem["detail"] and "No real register was asked" in problem["detail"]
        )
        assert all(parcel_id in problem["detail"] for parcel_id in KNOWN)
        assert f"ULDK_BASE_URL={django_settings.ULDK_PUBLIC_URL}" in problem["detail"]
        assert "The parcel register has no such parcel" not in problem["detail"]


def test_a_known_parcel_under_the_standin_is_scored(keyed_client, standin):
    response = keyed_client("standard").post(
        SINGLE, {"parcelId": PARCELS[0].id, "commodity": "soja"}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["parcel"]["commune"] == PARCELS[0].commune


def test_a_real_registers_no_such_parcel_keeps_its_words(keyed_client, uldk, settings):
    state, url = uldk  # a register on the network boundary that answers as ULDK does
    settings.ULDK_BASE_URL = url
    state.body = "-1 brak wyników\n"
    response = keyed_client("standard").post(
        SINGLE, {"parcelId": UNKNOWN, "commodity": "soja"}, format="json"
    )
    assert response.status_code == 404
    assert response.json()["detail"] == "The parcel register has no such parcel: brak wyników"


def test_the_panel_says_the_same_under_the_standin(standin):
    from django.utils import translation

    from panel.declarations import parcels_check

    with translation.override("en"):
        _, errors = parcels_check([UNKNOWN], lang="en")
    assert len(errors) == 1 and "local ULDK stand-in" in errors[0] and PARCELS[0].id in errors[0]


def test_every_parcel_our_examples_offer_is_one_the_standin_knows():
    readme = (Path(django_settings.BASE_DIR) / "README.md").read_text(encoding="utf-8")
    offered = {
        "README": set(PARCEL_ID.findall(readme)),
        "roster template": set(
            PARCEL_ID.findall(EXAMPLE_ROW["parcels"] + template_csv("pl") + template_csv("en"))
        ),
        "panel hints": set(
            PARCEL_ID.findall(str(SimplifiedDeclarationForm().fields["parcel_ids"].help_text))
        ),
    }
    for where, parcels in offered.items():
        assert parcels and parcels <= KNOWN, (where, parcels - KNOWN)
