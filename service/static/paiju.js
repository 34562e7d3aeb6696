// paiju's pages share this: the API, cards as people read them, tables drawn per kind.
// Each kind's table registers itself in Paiju.tables (tables.js); a kind without one is
// drawn by Paiju.tables.generic, which works for any game's view.
"use strict";

const Paiju = (() => {
  const esc = (v) => String(v ?? "").replace(/[&<>"']/g, (ch) => (
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})[ch]);

  /** A JSON request to the API; a token (seat or referee) goes in the header. */
  async function api(path, {token = null, method = "GET", body = undefined} = {}) {
    const headers = {};
    if (token) headers.Authorization = "Bearer " + token;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const r = await fetch(path, {method, headers,
                                 body: body === undefined ? undefined : JSON.stringify(body)});
    let data = null;
    try { data = await r.json(); } catch (e) { data = null; }
    if (!r.ok) {
      const err = new Error((data && data.message) || r.statusText);
      err.status = r.status; err.code = data && data.error;
      throw err;
    }
    return data;
  }

  // --- cards ---------------------------------------------------------------------------
  const catalogues = {}, loading = {};
  /** A kind's cards by id (GET /cards/{kind}); nothing for a kind without named cards. */
  function loadCards(kind) {
    loading[kind] = loading[kind] || (async () => {
      const byId = {};
      try {
        const name = encodeURIComponent(kind);
        if ((await api(`/kinds/${name}`)).cards) {
          for (const c of (await api(`/cards/${name}`)).cards) byId[c.id] = c;
        }
      } catch (e) { /* no card list: ids show as they are */ }
      catalogues[kind] = byId;
      return byId;
    })();
    return loading[kind];
  }

  /** A card as an object whatever the view gives: an object already, or an id. */
  function cardOf(kind, x) {
    if (x !== null && typeof x === "object" && !Array.isArray(x)) return x;
    const known = (catalogues[kind] || {})[x];
    return known || {id: x, label: String(x)};
  }

  const RED = new Set(["H", "D"]);
  /** One card as HTML: its label, red for hearts and diamonds; ``extra`` classes. */
  function card(kind, x, extra = "") {
    const c = cardOf(kind, x);
    const red = c.red !== undefined ? c.red : RED.has(c.suit);
    const as = c.as && c.name !== c.as ? ` <span class="as">as ${esc(title(c.as))}</span>` : "";
    const tip = [c.title, c.kind, c.slot].filter(Boolean).join(" · ");
    return `<span class="card${red ? " red" : ""}${extra ? " " + extra : ""}" ` +
           `data-card="${esc(c.id)}" title="${esc(tip)}">${esc(c.label)}${as}</span>`;
  }
  const cards = (kind, xs, extra = "") => (xs || []).map((x) => card(kind, x, extra)).join("");
  const backs = (n) => n > 0 ? `<span class="card back" title="${n} hidden cards">🂠 ×${n}</span>` : "";
  const title = (id) => String(id ?? "").replace(/[_:]/g, " ").replace(/\b\w/g, (m) => m.toUpperCase());

  // --- who is who ----------------------------------------------------------------------
  function seatName(view, seat) {
    if (seat === null || seat === undefined || !view.players || !(seat in view.players)) return "—";
    return `${seat} · ${view.players[seat]}`;
  }

  // --- tables --------------------------------------------------------------------------
  const tables = {};

  /** Any game: its seats (whatever per-seat fields the view has) and its state as JSON. */
  tables.generic = (view) => {
    const players = (view.players || []).map((p, i) =>
      `<span class="tag">${esc(seatName(view, i))}${(view.to_act || []).includes(i) ? " (to act)" : ""}</span>`)
      .join(" ");
    const shown = {...view};
    for (const k of ["legal_actions", "players", "receipt", "disputes", "outcome"]) delete shown[k];
    return `<div class="panel"><div class="line">${players}</div>` +
           `<pre>${esc(JSON.stringify(shown, null, 1))}</pre></div>` + status(view);
  };

  function drawTable(view, ctx = {}) {
    const draw = tables[view.kind] || tables.generic;
    try { return draw(view, ctx); }
    catch (e) {  // a view of a shape this page does not know: still show something
      console.error(e);
      return tables.generic(view, ctx);
    }
  }

  /** What the game waits on, or who won. */
  function status(view) {
    if (view.outcome) {
      const o = view.outcome;
      const winners = (o.winners || []).map((s) => seatName(view, s)).join(", ");
      return `<div class="banner over"><b>${esc(title(o.side))}</b> ` +
             `${o.side === "draw" || o.side === "tie" ? "" : "won"}` +
             `${winners ? ": " + esc(winners) : ""} <span class="muted">(${esc(title(o.reason))})</span></div>`;
    }
    const waiting = (view.to_act || []).map((s) => seatName(view, s)).join(", ");
    return `<div class="banner">waiting on ${esc(waiting || "—")}</div>`;
  }

  // --- the move list -------------------------------------------------------------------
  /** The narrator's moves as list items, grouped; each item knows its events. */
  function movesHtml(moves) {
    let group = null;
    const out = [];
    for (const m of moves) {
      if (m.group && m.group !== group) out.push(`<li class="group">${esc(m.group)}</li>`);
      group = m.group;
      const span = m.first === m.last ? `event ${m.first}` : `events ${m.first}–${m.last}`;
      out.push(`<li class="move" data-first="${m.first}" data-last="${m.last}" title="${span}">` +
               `<span class="n">${m.first}</span>${esc(m.text)}</li>`);
    }
    return out.join("");
  }

  return {esc, api, loadCards, cardOf, card, cards, backs, title, seatName, tables, drawTable,
          status, movesHtml};
})();
