"""Numbers the EU documents, each with where it says so.

OPS = "EUDR Information System - Operator API Reference" v1.0 (API V3, 2026-05-29);
CF1..CF7 = the EU's conformance-test documents v1.4; XSD = the 8.2.1 service schemas.
Where two documents disagree the stricter applicable one is used and the other named.
"""

from __future__ import annotations

# --- WS-Security ---------------------------------------------------------------------
# OPS 3.9: "wsu:Created must be within 5 minutes of server time".
CREATED_TOLERANCE_SECONDS = 300
# Nonces are remembered for as long as a Created could still be accepted (both sides).
NONCE_MEMORY_SECONDS = 2 * CREATED_TOLERANCE_SECONDS

# --- Statement content (OPS 10.3 unless said otherwise) --------------------------------
# OPS 10.3 "Maximum of commodities ... presently set to 100"; the XSD allows 200
# (DdsCommodityType maxOccurs). The stricter business limit applies.
COMMODITIES_PER_STATEMENT = 100
# OPS 10.3 "Geolocation Producers information": 1000 per commodity (also XSD maxOccurs),
# 10,000 per statement.
PRODUCERS_PER_COMMODITY = 1000
PRODUCERS_PER_STATEMENT = 10_000
# OPS 10.3 "Scientific and Common names": 500 pairs per commodity (also XSD maxOccurs).
SPECIES_PER_COMMODITY = 500
# CF4 v1.4 EUDR_COMMODITIES_DESCRIPTOR_PERCENTAGE_ESTIMATION_INVALID: "lower than 0 or
# higher than 50" (the Units of Measure guidance says 25 for DOMESTIC: the service applies
# 25 before sending; the fake applies what the EU answers with).
PERCENTAGE_MAX = 50
# OPS 10.3 "Referenced DDS": at most 2000 referenced statements (also XSD maxOccurs).
# The 8.2.1 release notes speak of 1000 members per group; not applied (see docs).
REFERENCED_STATEMENTS = 2000
# OPS 10.3 "Geolocation data size" and OPS 2.4: 25 MB of geolocation per statement.
GEOLOCATION_BYTES = 25 * 1024 * 1024

# --- Geolocation (OPS 9 "EUDR GeoJSON File Description" v1.3, OPS 10.3) ----------------
# OPS 9.3.2 note 1 and 10.3: coordinates are truncated to 6 decimals before storing.
COORDINATE_DECIMALS = 6
# OPS 10.3 "Geolocation area for point": default 4 ha, at least 0.0001 ha, at most
# 4 ha unless the commodity is cattle.
POINT_AREA_DEFAULT_HA = 4.0
POINT_AREA_MIN_HA = 0.0001
POINT_AREA_MAX_HA = 4.0
# OPS 9.2: "Polygon geometry types consist of at least four pairs of coordinates".
POLYGON_RING_MIN_POSITIONS = 4

# --- Lifecycle -----------------------------------------------------------------------------
# OPS 4.1.2 amendDds / withdrawDds: "within the 72-hour amendment window ... starts from
# submission". DDS only.
AMEND_WITHDRAW_HOURS = 72

# --- Retrieval (XSD; OPS 2.3.2) ---------------------------------------------------------------
# GetDdsRequestType uuidList maxOccurs 100, DdsOverviewResponseType / SdOverviewResponseType
# overview list maxOccurs 100 (8.2.1 XSD). OPS 2.3.2 allows 1000 per call by internal
# reference, which the response schema cannot carry: the schema wins.
OVERVIEWS_PER_ANSWER = 100

# --- Identifiers the fake issues ---------------------------------------------------------------
REFERENCE_NUMBER_LENGTH = 14  # ReferenceNumberType maxLength 14 (XSD, OPS 4.1.4)
VERIFICATION_NUMBER_LENGTH = 8  # VerificationNumberType 5..35 (XSD, OPS 4.1.4)
