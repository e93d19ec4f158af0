"""Polish tax numbers: checksum and normalisation (used by DDS filing and CSRD)."""

import pytest

from eudr_service.lib.nip import nip_normalise


def nip_is_valid(raw):
    return nip_normalise(raw) is not None


@pytest.mark.parametrize(
    "nip", ["5260250274", "1234563218", "526-025-02-74", "PL 526 025 02 74", "pl5260250274"]
)
def test_valid_nips(nip):
    assert nip_is_valid(nip)


@pytest.mark.parametrize(
    "nip",
    ["5260250275", "1234567890", "1000000160", "526025027", "52602502744", "DE5260250274", "", "abcdefghij"],
)
def test_invalid_nips(nip):
    assert not nip_is_valid(nip)


def test_nip_is_normalised_to_ten_digits():
    assert nip_normalise("PL 526-025-02-74") == "5260250274"


@pytest.mark.parametrize("nip", ["٥٢٦٠٢٥٠٢٧٤", "５２６０２５０２７４", "५२६०२५०२७४", "526025027\u0664"])
def test_nips_in_non_ascii_digits_are_refused(nip):
    # \d matches every Unicode decimal digit; a NIP is written in ASCII digits only.
    assert not nip_is_valid(nip)


def test_non_breaking_and_other_unicode_spaces_are_not_separators():
    assert not nip_is_valid("526\u2003025\u20030274")
