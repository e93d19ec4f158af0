"""A fake EU Information System on loopback, a client of it, and statements in the EU's shapes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal

import pytest

from euis.client import EuisClient, RateLimiter
from euis.contract import ActivityType
from euis.shapes import (
    DdsCommodity,
    DdsProducer,
    DdsStatement,
    GoodsMeasure,
    SdCommodity,
    SdProducer,
    SdStatement,
    Species,
)
from euis.wsse import Credentials
from standins.fake_eu import FakeAccount, FakeEuInformationSystem

FARMER = Credentials(username="farmer-pl", authentication_key="k3y-of-the-farmer", client_id="eudr-test")
TRADER = Credentials(username="trader-de", authentication_key="k3y-of-the-trader", client_id="eudr-test")


def point(lng: float, lat: float, area: float | None = None) -> bytes:
    properties = {"Area": area} if area is not None else {}
    feature = {
        "type": "Feature",
        "properties": properties,
        "geometry": {"type": "Point", "coordinates": [lng, lat]},
    }
    return json.dumps({"type": "FeatureCollection", "features": [feature]}).encode()


@pytest.fixture
def dds_statement() -> DdsStatement:
    return DdsStatement(
        activity=ActivityType.DOMESTIC,
        internal_reference="PO-2025-0042",
        country_of_activity="PL",
        geolocation_confidential=False,
        commodities=(
            DdsCommodity(
                description_of_goods="Soja ziarno",
                hs_heading="1201",
                measure=GoodsMeasure(
                    net_weight_kg=Decimal("25000"), percentage_estimation_or_deviation=Decimal("5")
                ),
                producers=(
                    DdsProducer(country="PL", name="Gospodarstwo Rolne", geojson=point(21.05, 52.25, 2.5)),
                ),
                position=1,
            ),
        ),
    )


@pytest.fixture
def wood_statement() -> DdsStatement:
    return DdsStatement(
        activity=ActivityType.IMPORT,
        internal_reference="WOOD-1",
        country_of_activity="PL",
        border_cross_country="PL",
        geolocation_confidential=True,
        commodities=(
            DdsCommodity(
                description_of_goods="Oak sawn timber",
                hs_heading="4407",
                measure=GoodsMeasure(
                    net_weight_kg=Decimal("1200.5"),
                    supplementary_unit=Decimal("3"),
                    supplementary_unit_qualifier="MTQ",
                ),
                species=(Species(scientific_name="Quercus robur", common_name="dąb szypułkowy"),),
                producers=(DdsProducer(country="UA", geojson=point(30.5, 50.45, 1.0)),),
            ),
        ),
    )


@pytest.fixture
def sd_statement() -> SdStatement:
    return SdStatement(
        internal_reference="SD-PL-0001",
        activity=ActivityType.DOMESTIC,
        country_of_activity="PL",
        geolocation_confidential=False,
        commodities=(
            SdCommodity(
                description_of_goods="Soja",
                hs_heading="1201",
                measure=GoodsMeasure(net_weight_kg=Decimal("18000")),
                producers=(
                    SdProducer(
                        country="PL",
                        name="Jan Kowalski",
                        cadastral_identifiers=("141201_1.0001.6509", "141201_1.0001.6510"),
                    ),
                ),
            ),
        ),
    )


@pytest.fixture
def fake_eu() -> Iterator[FakeEuInformationSystem]:
    fake = FakeEuInformationSystem(
        (
            FakeAccount(FARMER.username, FARMER.authentication_key, country="PL"),
            FakeAccount(TRADER.username, TRADER.authentication_key, country="DE"),
        ),
        polls_until_final=2,
    )
    fake.base_url = fake.start()
    yield fake
    fake.stop()
    # Every answer of the fake is checked against the EU's schemas: a bug in the fake shows here.
    assert fake.schema_failures == []


def _client(fake: FakeEuInformationSystem, credentials: Credentials, timeout: float = 5.0) -> EuisClient:
    # No pacing in tests: the limiter itself is tested with a fake clock.
    return EuisClient(
        credentials=credentials,
        base_url=fake.base_url,
        timeout=timeout,
        limiter=RateLimiter(10_000, sleep=lambda seconds: None),
    )


@pytest.fixture
def eu_client(fake_eu: FakeEuInformationSystem) -> EuisClient:
    return _client(fake_eu, FARMER)


@pytest.fixture
def trader_client(fake_eu: FakeEuInformationSystem) -> EuisClient:
    return _client(fake_eu, TRADER)


@pytest.fixture
def impatient_client(fake_eu: FakeEuInformationSystem) -> EuisClient:
    return _client(fake_eu, FARMER, timeout=0.5)
