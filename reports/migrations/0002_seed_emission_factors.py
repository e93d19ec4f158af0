"""Seed the emission factors (kg CO2e per tonne, cradle to farm gate, without land-use change).

Rounded values from public life-cycle datasets; docs/csrd-report.md explains each.
Staff correct them in the admin: a better factor is a data change, not a code change.
"""

from decimal import Decimal

from django.db import migrations

AGRIBALYSE = "https://doc.agribalyse.fr/"
FACTORS = [
    (
        "wheat",
        Decimal("450"),
        "AGRIBALYSE 3.1 (ADEME/INRAE, 2023), soft wheat grain, conventional, national average, at farm "
        "gate: about 0.45 kg CO2e/kg (IPCC GWP100), rounded; excludes land-use change.",
        AGRIBALYSE,
    ),
    (
        "corn",
        Decimal("420"),
        "AGRIBALYSE 3.1 (ADEME/INRAE, 2023), grain maize, conventional, national average, at farm gate: "
        "about 0.42 kg CO2e/kg (IPCC GWP100), rounded; excludes land-use change.",
        AGRIBALYSE,
    ),
    (
        "rapeseed",
        Decimal("1000"),
        "AGRIBALYSE 3.1 (ADEME/INRAE, 2023), rapeseed, conventional, national average, at farm gate: "
        "about 1.0 kg CO2e/kg (IPCC GWP100), rounded; soil N2O per IPCC 2019 Refinement, vol. 4, ch. 11; "
        "excludes land-use change.",
        AGRIBALYSE,
    ),
    (
        "soy",
        Decimal("500"),
        "ecoinvent 3.9.1 and AGRIBALYSE 3.1, soybean at farm gate, without land-use change: 0.4-0.6 kg "
        "CO2e/kg depending on origin; midpoint used. Land-use change is excluded here and assessed as "
        "deforestation risk (EUDR) instead.",
        "https://ecoinvent.org/",
    ),
    (
        "other",
        Decimal("1000"),
        "Conservative default of this service for unclassified crops: the highest of the arable-crop "
        "factors above (rapeseed), so that missing crop data never lowers reported emissions (GHG "
        "Protocol Corporate Value Chain (Scope 3) Standard, average-data method).",
        "https://ghgprotocol.org/corporate-value-chain-scope-3-standard",
    ),
]


def seed(apps, schema_editor):
    EmissionFactor = apps.get_model("reports", "EmissionFactor")
    for crop_type, factor, source, url in FACTORS:
        EmissionFactor.objects.update_or_create(
            crop_type=crop_type, defaults={"kg_co2e_per_t": factor, "source": source, "source_url": url}
        )


def unseed(apps, schema_editor):
    apps.get_model("reports", "EmissionFactor").objects.filter(crop_type__in=[f[0] for f in FACTORS]).delete()


class Migration(migrations.Migration):
    dependencies = [("reports", "0001_initial")]

    operations = [migrations.RunPython(seed, unseed)]
