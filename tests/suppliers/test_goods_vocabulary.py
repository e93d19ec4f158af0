"""One vocabulary (issue 39 point 5): a bulk filing's `goods` are named with the commodity words
the roster takes, Polish or English, and a word it does not take is refused with the list of
what is accepted."""

from __future__ import annotations

import pytest

from suppliers.models import BulkFiling
from tests.eu_filing.test_simplified_declaration import eu  # noqa: F401  (fixture)
from tests.euis.conftest import fake_eu  # noqa: F401  (fixture)
from tests.suppliers.test_bulk_filing import OPTIONS, buyer  # noqa: F401  (fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]
FILINGS = "/api/eudr/v1/supplier-filings"
SOYA, CATTLE = OPTIONS["goods"]["soya"], OPTIONS["goods"]["cattle"]


def _with_goods(goods: dict) -> dict:
    return {**OPTIONS, "goods": goods}


@pytest.mark.parametrize(
    "goods",
    [
        {"soja": SOYA, "bydło": CATTLE},  # the roster's own Polish words
        {"Soja": SOYA, "BYDLO": CATTLE},  # any case, without diacritics
        {"soy": SOYA, "cattle": CATTLE},
    ],
)
def test_goods_named_as_the_roster_names_commodities_are_filed(
    buyer,  # noqa: F811
    goods,
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        started = buyer.post(FILINGS, _with_goods(goods), format="json")
    assert started.status_code == 202, started.content
    assert buyer.get(f"{FILINGS}/{started.json()['id']}").json()["counts"]["filed"] == 3
    # Stored by code, as the roster stores its suppliers' commodities.
    assert set(BulkFiling.objects.get().options["goods"]) == {"soya", "cattle"}


def test_an_unknown_word_is_refused_with_the_words_accepted(buyer):  # noqa: F811
    refused = buyer.post(FILINGS, _with_goods({"sojaa": SOYA, "cattle": CATTLE}), format="json")
    assert refused.status_code == 400
    (error,) = refused.json()["errors"]
    assert (error["field"], error["code"]) == ("goods.sojaa", "unknown_commodity")
    for word in ("soja", "soya", "bydło", "cattle", "drewno", "wood"):
        assert word in error["message"]
    assert "pszenica" not in error["message"]  # out of scope: not something to declare
    assert not BulkFiling.objects.exists()


def test_a_commodity_outside_annex_i_and_one_named_twice_are_refused(buyer):  # noqa: F811
    outside = buyer.post(
        FILINGS, _with_goods({"pszenica": SOYA, "soja": SOYA, "bydło": CATTLE}), format="json"
    )
    assert outside.status_code == 400
    assert [(e["field"], e["code"]) for e in outside.json()["errors"]] == [("goods.pszenica", "out_of_scope")]
    twice = buyer.post(FILINGS, _with_goods({"soja": SOYA, "soya": SOYA, "bydło": CATTLE}), format="json")
    assert twice.status_code == 400
    assert [(e["field"], e["code"]) for e in twice.json()["errors"]] == [
        ("goods.soya", "duplicate_commodity")
    ]


def test_an_hs_code_outside_the_commodity_is_refused_under_the_word_used(buyer):  # noqa: F811
    wrong = buyer.post(
        FILINGS,
        _with_goods({"soja": {"description": "Soja", "hs_heading": "4403"}, "bydło": CATTLE}),
        format="json",
    )
    assert wrong.status_code == 400
    assert [(e["field"], e["code"]) for e in wrong.json()["errors"]] == [("goods.soja", "hs_not_in_annex_i")]


def test_missing_goods_are_named_in_both_languages(buyer):  # noqa: F811
    refused = buyer.post(FILINGS, _with_goods({"soja": SOYA}), format="json")
    assert refused.status_code == 400
    assert refused.json()["detail"].endswith("missing: cattle (bydło)")
    assert [e["field"] for e in refused.json()["errors"]] == ["goods.cattle"]
