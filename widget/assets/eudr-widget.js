/*! EUDR compliance badge widget. No dependencies. Renders every [data-eudr-dds]
    element inside a Shadow DOM; data is always set as text, never as HTML. */
(function (w, d, server) {
  "use strict";
  // Loaded twice (e.g. async copy plus a later one): the first instance owns the page.
  if (w.EUDRWidget && w.EUDRWidget.render) {
    w.EUDRWidget.render();
    return;
  }
  var LANGS = ["pl", "en"];
  var STYLES = ["badge", "card", "full"];
  var STATE = { COMPLIANT: "verified", SUBMITTED: "in_progress", UNDER_REVIEW: "in_progress" };
  var ICON = { verified: "\u2713", in_progress: "\u2026", none: "\u2715", loading: "\u00b7" };
  var FIELDS = ["dds_id", "document_type", "status", "risk_level", "operator_name", "commodity",
    "country_of_production", "verified_at", "valid_until", "cert_url"];
  var CARD = ["document_type", "operator_name", "commodity", "country_of_production", "valid_until"];
  var T = {
    pl: {
      verified: "Zweryfikowano", in_progress: "Weryfikacja w toku", none: "Brak weryfikacji",
      loading: "Sprawdzanie\u2026", cert: "Status o\u015bwiadczenia", label: "Status EUDR deklaracji",
      label_sd: "Status EUDR deklaracji uproszczonej",
      unknown: "Nie znaleziono deklaracji", failed: "Nie uda\u0142o si\u0119 sprawdzi\u0107 statusu",
      unconfirmed: "To\u017csamo\u015b\u0107 operatora nie zosta\u0142a potwierdzona",
      rep_unconfirmed: "Pe\u0142nomocnik, kt\u00f3ry z\u0142o\u017cy\u0142 deklaracj\u0119, nie zosta\u0142 potwierdzony",
      expired_on: "Wygas\u0142o",
      filed_by: "Z\u0142o\u017cy\u0142", rep: "upowa\u017cniony przedstawiciel",
      rep_ok: "potwierdzony przez nasz zesp\u00f3\u0142", rep_no: "niepotwierdzony",
      mandate: "Pe\u0142nomocnictwo", eu_status: "Status w systemie UE",
      m: {
        signed_document: "podpisane upowa\u017cnienie sprawdzone przez nasz zesp\u00f3\u0142",
        email_confirmation: "potwierdzenie linkiem e-mail"
      },
      o: {
        declared_by_representative: "dane operatora podane przez przedstawiciela, niezweryfikowane"
      },
      f: {
        dds_id: "Identyfikator DDS", sd_id: "Identyfikator deklaracji uproszczonej", document_type: "Dokument",
        status: "Status", risk_level: "Poziom ryzyka", operator_name: "Operator",
        commodity: "Towar", country_of_production: "Kraj produkcji", verified_at: "Zweryfikowano",
        valid_until: "Wa\u017cny do", cert_url: "Status o\u015bwiadczenia"
      },
      s: {
        COMPLIANT: "zgodna", SUBMITTED: "z\u0142o\u017cona", UNDER_REVIEW: "w weryfikacji",
        AT_RISK: "zagro\u017cona", NON_COMPLIANT: "niezgodna", WITHDRAWN: "wycofana", EXPIRED: "wygas\u0142a"
      },
      r: { low: "niskie", medium: "\u015brednie", high: "wysokie", critical: "krytyczne" },
      k: {
        due_diligence_statement: "o\u015bwiadczenie o nale\u017cytej staranno\u015bci",
        simplified_declaration: "deklaracja uproszczona"
      }
    },
    en: {
      verified: "Verified", in_progress: "Verification in progress", none: "No verification",
      loading: "Checking\u2026", cert: "Statement status", label: "EUDR status of statement",
      label_sd: "EUDR status of simplified declaration",
      unknown: "Statement not found", failed: "The status could not be checked",
      unconfirmed: "The operator's identity is not confirmed",
      rep_unconfirmed: "The representative that filed it is not confirmed",
      expired_on: "Expired on",
      filed_by: "Filed by", rep: "authorised representative",
      rep_ok: "confirmed by our staff", rep_no: "not confirmed",
      mandate: "Mandate", eu_status: "Status in the EU system",
      m: {
        signed_document: "signed authorisation reviewed by our staff",
        email_confirmation: "confirmation by e-mail link"
      },
      o: { declared_by_representative: "operator as declared by the representative, not verified" },
      f: {
        dds_id: "DDS identifier", sd_id: "Simplified declaration identifier", document_type: "Document",
        status: "Status", risk_level: "Risk level", operator_name: "Operator",
        commodity: "Commodity", country_of_production: "Country of production", verified_at: "Verified at",
        valid_until: "Valid until", cert_url: "Statement status"
      },
      s: {
        COMPLIANT: "compliant", SUBMITTED: "submitted", UNDER_REVIEW: "under review", AT_RISK: "at risk",
        NON_COMPLIANT: "non-compliant", WITHDRAWN: "withdrawn", EXPIRED: "expired"
      },
      r: { low: "low", medium: "medium", high: "high", critical: "critical" },
      k: { due_diligence_statement: "due diligence statement", simplified_declaration: "simplified declaration" }
    }
  };
  // Pixel sizes only: rem would follow the host page's root font size.
  var CSS = ":host{all:initial!important;display:inline-block!important;max-width:100%!important;" +
    "vertical-align:middle!important}" +
    ".w{font:13px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1d1f21;" +
    "background:#fff;border:1px solid #c8ccd0;border-left:4px solid var(--c);border-radius:6px;" +
    "padding:3px 8px;box-sizing:border-box;text-align:left;--c:#80868b}" +
    ".verified{--c:#1b7f3b}.in_progress{--c:#8a5d00}.none{--c:#b3261e}" +
    ".h{display:flex;align-items:center;flex-wrap:wrap;gap:6px}.badge .h{flex-wrap:nowrap;white-space:nowrap}" +
    ".i{display:inline-block;width:16px;height:16px;line-height:16px;border-radius:50%;" +
    "background:var(--c);color:#fff;text-align:center;font-size:11px;font-weight:700}" +
    ".e{font-weight:700}.s{color:var(--c);font-weight:700}" +
    "a{color:#1a5fb4;text-decoration:underline;cursor:pointer}" +
    "a:focus-visible{outline:2px solid #1a5fb4;outline-offset:2px}" +
    ".card,.full{display:block;padding:8px 12px;min-width:240px}" +
    "dl{margin:6px 0;display:grid;grid-template-columns:auto 1fr;gap:2px 12px}" +
    "dt{color:#5f6368}dd{margin:0;overflow-wrap:anywhere}p{margin:6px 0;color:#5f6368}" +
    "p.u{color:#1d1f21;font-weight:700}";

  function pick(value, allowed) {
    value = String(value || "").toLowerCase();
    return allowed.indexOf(value) >= 0 ? value : null;
  }
  function httpUrl(value, base) {
    try {
      var u = new URL(value, base);
      return /^https?:$/.test(u.protocol) ? u : null;
    } catch (e) {
      return null;
    }
  }

  // This script's own tag: currentScript works for classic async/defer scripts;
  // the search by src covers the rest.
  var me = d.currentScript;
  if (!me) {
    var all = d.querySelectorAll("script[src]");
    for (var k = all.length - 1; k >= 0 && !me; k--) {
      if (/\/(api\/widget|widget\.js)([?#]|$)/.test(all[k].src)) me = all[k];
    }
  }
  var src = me && me.src ? httpUrl(me.src, d.baseURI) : null;
  // A page with a nonce-based Content-Security-Policy loads us with a nonce; our
  // <style> carries the same one, or the page's policy would drop it.
  var nonce = (me && (me.nonce || me.getAttribute("nonce"))) || "";
  function own(name) {
    var a = me && me.getAttribute("data-" + name);
    return a || server[name] || (src && src.searchParams.get(name));
  }
  function apiBase() {
    var u = me && me.getAttribute("data-api") && httpUrl(me.getAttribute("data-api"));
    if (u) return u.origin + u.pathname.replace(/\/+$/, "");
    // Served by the API itself: its origin (and any path prefix before our path).
    var m = src && src.pathname.match(/^(.*)\/(api\/widget|widget\.js)$/);
    if (m) return src.origin + m[1];
    u = server.api && httpUrl(server.api);
    return u ? u.origin + u.pathname.replace(/\/+$/, "") : location.origin;
  }
  var opts = {
    lang: pick(own("lang"), LANGS) || "pl",
    style: pick(own("style"), STYLES) || "badge",
    api: apiBase()
  };

  var lookups = new Map();
  var painted = new WeakMap();
  var shadows = new WeakMap();

  // One request per distinct identifier, shared by every element showing it.
  function lookup(id) {
    var pending = lookups.get(id);
    if (pending) return pending;
    if (!/^[A-Z0-9-]{1,64}$/.test(id)) return Promise.resolve({ state: "none", why: "unknown" });
    pending = fetch(opts.api + "/api/v1/verify/" + encodeURIComponent(id), {
      headers: { Accept: "application/json" },
      credentials: "omit"
    })
      .then(function (r) {
        if (r.status === 404) return { state: "none", why: "unknown" };
        if (!r.ok) throw new Error("HTTP " + r.status);
        return r.json().then(function (rec) {
          var state = STATE[rec.status] || "none";
          // Green only for a confirmed operator: a screening result for an operator
          // staff have not tied to the filing account shows "in progress" (README).
          if (state === "verified" && rec.operator_identity !== "confirmed") state = "in_progress";
          return { state: state, rec: rec };
        });
      })
      .catch(function () {
        lookups.delete(id); // a later render() tries again
        return { state: "none", why: "failed" };
      });
    lookups.set(id, pending);
    return pending;
  }

  function node(tag, cls, text) {
    var e = d.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = String(text);
    return e;
  }
  function shadowOf(el) {
    var sr = shadows.get(el);
    if (!sr) {
      try {
        sr = el.attachShadow({ mode: "open" });
      } catch (e) {
        // Elements that cannot host a shadow root get a span that can.
        var span = node("span");
        el.appendChild(span);
        sr = span.attachShadow({ mode: "open" });
      }
      shadows.set(el, sr);
    }
    return sr;
  }
  function certHref(id, rec, lang) {
    var u = (rec && httpUrl(rec.cert_url)) || httpUrl(opts.api + "/cert/" + encodeURIComponent(id));
    if (!u) return null;
    u.searchParams.set("lang", lang);
    return u.href;
  }
  function show(field, value, t) {
    if (value == null || value === "") return "\u2014";
    if (field === "status") return (t.s[value] || value) + " (" + value + ")";
    if (field === "risk_level") return t.r[value] || value;
    if (field === "document_type") return t.k[value] || value;
    var m = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d)/.exec(value);
    if (m && (field === "valid_until" || field === "verified_at")) {
      return field === "valid_until" ? m[1] : m[1] + " " + m[2] + " UTC";
    }
    return value;
  }

  // Who filed a declaration for its operator, on what mandate, and the EU's own status:
  // the verify record's filed_by, mandate and eu_status, as the status page shows them.
  function represented(dl, rec, t) {
    var by = rec.filed_by, m = rec.mandate;
    function row(term, text) {
      dl.appendChild(node("dt", null, term));
      dl.appendChild(node("dd", null, text));
    }
    if (by && by.role === "authorised_representative") {
      row(t.filed_by, (by.name || "\u2014") + " (" + t.rep + ", " + (by.confirmed_by_staff ? t.rep_ok : t.rep_no) + ")");
      if (m) {
        var basis = t.m[m.basis] || m.basis;
        if (m.confirmed_at) basis += " (" + m.confirmed_at.slice(0, 10) + ")";
        if (t.o[m.operator_identity]) basis += "; " + t.o[m.operator_identity];
        row(t.mandate, basis);
      }
    }
    if (rec.eu_status) row(t.eu_status, rec.eu_status);
  }

  function paint(el, id, lang, style, res) {
    var t = T[lang];
    var state = res ? res.state : "loading";
    var rec = res && res.rec;
    var sr = shadowOf(el);
    while (sr.firstChild) sr.removeChild(sr.firstChild);
    var sheet = node("style", null, CSS);
    if (nonce) sheet.setAttribute("nonce", nonce);
    sr.appendChild(sheet);
    var box = node("div", "w " + style + " " + state);
    box.setAttribute("role", "group");
    box.setAttribute("lang", lang);
    // Said in words, not only by the yellow colour: the operator behind the record is unconfirmed.
    var unconfirmed = rec && rec.operator_identity !== "confirmed";
    var by = rec && rec.filed_by;
    var repUnconfirmed = by && by.role === "authorised_representative" && !by.confirmed_by_staff;
    // A simplified declaration is named as one, never as a statement.
    var simplified = rec && rec.document_type === "simplified_declaration";
    var label = (simplified ? t.label_sd : t.label) + " " + id + ": " + t[state];
    box.setAttribute("aria-label", unconfirmed ? label + ". " + (repUnconfirmed ? t.rep_unconfirmed : t.unconfirmed) : label);
    var head = node("div", "h");
    var icon = node("span", "i", ICON[state]);
    icon.setAttribute("aria-hidden", "true");
    head.appendChild(icon);
    head.appendChild(node("span", "e", "EUDR"));
    var status = node("span", "s", t[state]);
    status.setAttribute("role", "status");
    head.appendChild(status);
    box.appendChild(head);
    var href = res && certHref(id, rec, lang);
    var link = href && node("a", "l", t.cert);
    if (link) {
      link.href = href;
      link.target = "_blank";
      link.rel = "noopener";
      link.setAttribute("aria-label", t.cert + " " + id);
    }
    if (res && style !== "badge") {
      if (rec) {
        var dl = node("dl");
        (style === "card" ? CARD : FIELDS).forEach(function (f) {
          // Nothing reads as verified or valid unless the badge is green; an expired
          // record says when it expired. The server sends neither otherwise (README).
          var expired = f === "valid_until" && rec.status === "EXPIRED";
          var dated = f === "verified_at" || f === "valid_until";
          if (dated && !(rec[f] && (state === "verified" || expired))) return;
          if (f === "document_type" && !rec[f]) return;
          var term = f === "dds_id" && simplified ? t.f.sd_id : t.f[f];
          dl.appendChild(node("dt", null, expired ? t.expired_on : term));
          var dd = dl.appendChild(node("dd", null, f === "cert_url" && link ? null : show(f, rec[f], t)));
          // In the full style the status page's address itself is the link.
          if (f === "cert_url" && link) {
            link.textContent = rec.cert_url;
            dd.appendChild(link);
            link = null;
          }
        });
        represented(dl, rec, t);
        box.appendChild(dl);
        if (unconfirmed) box.appendChild(node("p", "u", repUnconfirmed ? t.rep_unconfirmed : t.unconfirmed));
      } else {
        box.appendChild(node("p", null, t[res.why] + ": " + id));
      }
    }
    if (link) (style === "badge" ? head : box).appendChild(link);
    el.setAttribute("data-eudr-state", state);
    sr.appendChild(box);
  }

  // Renders every [data-eudr-dds] in root (default: the document) not yet
  // rendered with its current identifier and options. Call it after adding elements.
  function render(root) {
    root = root || d;
    var els = Array.prototype.slice.call(root.querySelectorAll("[data-eudr-dds]"));
    if (root.matches && root.matches("[data-eudr-dds]")) els.push(root);
    els.forEach(function (el) {
      var id = String(el.getAttribute("data-eudr-dds") || "").trim().toUpperCase();
      var lang = pick(el.getAttribute("data-lang"), LANGS) || opts.lang;
      var style = pick(el.getAttribute("data-style"), STYLES) || opts.style;
      var key = id + "|" + lang + "|" + style;
      if (painted.get(el) === key) return;
      painted.set(el, key);
      paint(el, id, lang, style, null);
      lookup(id).then(function (res) {
        if (painted.get(el) === key) paint(el, id, lang, style, res);
      });
    });
  }

  w.EUDRWidget = { render: render, options: opts, version: "1.0" };
  if (d.readyState === "loading") d.addEventListener("DOMContentLoaded", function () { render(); });
  else render();
})(window, document, /*CONFIG*/{});
