"""The emission factors' citations in Polish, for the appendix of Polish reports.

Filled for the seeded factors only when their English citation is still the
seeded one: a citation staff have since rewritten is left without a Polish
text (the Polish report then shows the English one) rather than given a stale
translation.
"""

from django.db import migrations, models

SOURCE_PL = {
    "wheat": "AGRIBALYSE 3.1 (ADEME/INRAE, 2023), pszenica zwyczajna, ziarno, uprawa konwencjonalna, średnia "
    "krajowa, u bramy gospodarstwa: ok. 0,45 kg CO2e/kg (IPCC GWP100), w zaokrągleniu; bez zmiany "
    "użytkowania gruntów.",
    "corn": "AGRIBALYSE 3.1 (ADEME/INRAE, 2023), kukurydza na ziarno, uprawa konwencjonalna, średnia krajowa, "
    "u bramy gospodarstwa: ok. 0,42 kg CO2e/kg (IPCC GWP100), w zaokrągleniu; bez zmiany użytkowania gruntów.",
    "rapeseed": "AGRIBALYSE 3.1 (ADEME/INRAE, 2023), rzepak, uprawa konwencjonalna, średnia krajowa, u bramy "
    "gospodarstwa: ok. 1,0 kg CO2e/kg (IPCC GWP100), w zaokrągleniu; N2O z gleb według IPCC 2019 "
    "Refinement, t. 4, rozdz. 11; bez zmiany użytkowania gruntów.",
    "soy": "ecoinvent 3.9.1 i AGRIBALYSE 3.1, soja u bramy gospodarstwa, bez zmiany użytkowania gruntów: "
    "0,4–0,6 kg CO2e/kg zależnie od pochodzenia; przyjęto środek przedziału. Zmiana użytkowania gruntów "
    "nie jest tu uwzględniona; ocenia się ją jako ryzyko wylesiania (EUDR).",
    "other": "Ostrożna wartość domyślna tej usługi dla upraw niesklasyfikowanych: najwyższy ze wskaźników "
    "upraw polowych powyżej (rzepak), aby brak danych o uprawie nigdy nie zaniżał raportowanych emisji "
    "(GHG Protocol Corporate Value Chain (Scope 3) Standard, metoda danych średnich).",
}


def fill(apps, schema_editor):
    import importlib

    seeded = {row[0]: row[2] for row in importlib.import_module("reports.migrations.0002_seed_emission_factors").FACTORS}
    EmissionFactor = apps.get_model("reports", "EmissionFactor")
    for factor in EmissionFactor.objects.filter(crop_type__in=SOURCE_PL):
        if factor.source == seeded.get(factor.crop_type):
            factor.source_pl = SOURCE_PL[factor.crop_type]
            factor.save(update_fields=["source_pl"])


class Migration(migrations.Migration):
    dependencies = [("reports", "0003_render_attempts")]

    operations = [
        migrations.AddField(
            model_name="emissionfactor",
            name="source_pl",
            field=models.TextField(
                blank=True,
                help_text="The citation in Polish, for Polish reports; empty: the English citation is shown.",
            ),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
