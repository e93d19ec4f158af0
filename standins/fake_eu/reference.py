"""Reference lists the fake checks statements against, each with its source.

Written for the fake, independently of the service's own tables (regulation/annex_i.py,
risk/countries.py): a difference between them shows as a refusal in the tests.
"""

from __future__ import annotations

# ISO 3166-1 alpha-2, the 249 officially assigned codes (ISO 3166 Maintenance Agency).
# CF4 v1.4: "The ISO 2 country code provided for the producer is invalid".
ISO_COUNTRIES = frozenset(
    """
    AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN
    BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
    DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL
    GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM
    JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME
    MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP
    NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD
    SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO
    TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
    """.split()  # noqa: SIM905 (249 codes read best as a block of text)
)

# Regulation (EU) 2023/1115 Annex I as amended by Delegated Regulation (EU) 2026/2102, at
# heading level (4 digits; chapters 44, 47, 48, 49 whole): CF4 v1.4 "The HS-Code of a
# commodity is invalid". Coarser than the service's table (which also checks the
# commodity, the subheading and the date): the EU's exact check is not published.
ANNEX_I_HEADINGS = (
    # cattle
    "0102",
    "0201",
    "0202",
    "0206",
    "1602",
    "4101",
    "4104",
    "4107",
    # cocoa
    "1801",
    "1802",
    "1803",
    "1804",
    "1805",
    "1806",
    # coffee
    "0901",
    "2101",
    # oil palm
    "1207",
    "1511",
    "1513",
    "1520",
    "2306",
    "2905",
    "2915",
    "3401",
    "3823",
    # rubber
    "4001",
    "4005",
    "4006",
    "4007",
    "4008",
    "4010",
    "4011",
    "4012",
    "4013",
    "4015",
    "4016",
    "4017",
    # soya
    "1201",
    "1208",
    "1507",
    "2304",
    # wood
    "44",
    "47",
    "48",
    "49",
    "9401",
    "9403",
    "9406",
)
