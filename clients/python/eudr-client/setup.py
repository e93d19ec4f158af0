import pathlib

from setuptools import find_packages, setup

here = pathlib.Path(__file__).parent.resolve()
long_description = (here / "README.md").read_text(encoding="utf-8")

setup(
    name="eudr-client",
    version="1.1",
    description="A client library for accessing EUDR compliance API",
    long_description=long_description,
    long_description_content_type="text/markdown",
    packages=find_packages(),
    python_requires=">=3.11, <4",
    install_requires=["httpx >= 0.23.1, < 0.29.0", "attrs >= 22.2.0"],
    # eudr-verify-evidence (eudr_client/verify_evidence.py, docs/evidence.md): checking a
    # record needs the first extra; recomputing its verdict from layer files, the second.
    extras_require={
        "evidence": ["cryptography >= 42", "rfc8785 >= 0.1.4"],
        "recompute": [
            "cryptography >= 42",
            "rfc8785 >= 0.1.4",
            "rasterio >= 1.3",
            "shapely >= 2",
            "exactextract >= 0.2",
        ],
    },
    entry_points={"console_scripts": ["eudr-verify-evidence = eudr_client.verify_evidence:main"]},
    package_data={"eudr_client": ["py.typed"]},
)
