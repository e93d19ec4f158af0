"""The status page's map in headless Chromium: drawn, under the site's CSP, with visible markers
and place names."""

from __future__ import annotations

import pytest

from tests.compliance.test_plot_map_pages import add_plots

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def test_status_page_map_shows_numbered_plot_markers(browser_page, make_statement):
    statement = make_statement("COMPLIANT")
    add_plots(statement, name='<img src=x onerror="window.injected=1">')
    page = browser_page()
    violations: list[str] = []
    page.on(
        "console",
        lambda message: violations.append(message.text) if "Content Security" in message.text else None,
    )
    page.goto(f"/cert/{statement.dds_id}")
    svg = page.locator("figure.plot-map svg")
    assert svg.is_visible()
    box = svg.bounding_box()
    assert box["width"] > 200 and box["height"] > 100
    markers = page.locator("g.plot-marker")
    assert markers.count() == 2
    for i in range(2):
        marker_box = markers.nth(i).bounding_box()
        assert marker_box is not None and marker_box["width"] > 0 and marker_box["height"] > 0
        # Inside the map, not drawn off its edge.
        assert box["x"] <= marker_box["x"] <= box["x"] + box["width"]
        assert box["y"] <= marker_box["y"] <= box["y"] + box["height"]
    numbers = page.locator("g.plot-number text").all_text_contents()
    assert numbers == ["1", "2"]
    assert page.locator("path.country-outline").first.is_visible()
    assert page.locator("g.scale-bar text").text_content().endswith(("m", "km"))
    # The plots lie in Warsaw: the map names the places around them, and credits GeoNames.
    places = page.locator("g.plot-map-places g text:nth-of-type(2)").all_text_contents()
    assert any("Warszawa" in name for name in places)
    assert page.locator("g.plot-map-places g").first.is_visible()
    assert "GeoNames" in page.locator("g.plot-map-attribution text").text_content()
    assert violations == []
    assert page.evaluate("window.injected === undefined")


def test_the_insets_red_box_is_drawn_inside_its_frame(browser_page, tmp_path):
    """Plots all over the country, as on a buyer's suppliers' map: in Chromium's pixels, the
    inset's red box lies within the inset's frame and the map's edge."""
    import io

    import shapely
    from PIL import Image

    from compliance.plot_map import MapPlot, plot_map_svg

    far_apart = [(14.3, 53.4), (23.8, 51.0), (22.5, 49.2), (18.6, 54.5), (16.1, 50.6)]
    plots = [MapPlot(str(n), shapely.Point(lng, lat), "low") for n, (lng, lat) in enumerate(far_apart, 1)]
    page_file = tmp_path / "map.html"
    page_file.write_text(
        f'<html><body style="margin:0">{plot_map_svg(plots=plots, country="PL")}</body></html>'
    )
    page = browser_page()
    page.set_viewport_size({"width": 700, "height": 440})
    page.goto(page_file.as_uri())
    frame = page.locator("g.plot-map-inset > rect").first.bounding_box()
    picture = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    red = [
        (x, y)
        for x in range(picture.width)
        for y in range(0, int(frame["y"] + frame["height"]) + 20)
        if _is_box_red(picture.getpixel((x, y)))
    ]
    assert red, "the box is drawn"
    outside = [
        (x, y)
        for x, y in red
        if not (frame["x"] - 1 <= x <= frame["x"] + frame["width"] + 1)
        or not (frame["y"] - 1 <= y <= frame["y"] + frame["height"] + 1)
        or x >= 640
    ]
    assert outside == []


def _is_box_red(rgb: tuple[int, int, int]) -> bool:
    r, g, b = rgb  # #b3261e, anti-aliased
    return r > 140 and g < 90 and b < 90
