// The games page: the latest games first, filtered by kind and status (kept in the URL's
// query, so a filtered list can be shared), each linked to its replay.
"use strict";

(async () => {
  const {api, esc, title} = Paiju;
  const $ = (s) => document.getElementById(s);
  const query = new URLSearchParams(location.search);
  const titles = {};
  let cursor = null;

  try {
    for (const k of (await api("/kinds")).kinds) {
      titles[k.kind] = k.title;
      $("kind").insertAdjacentHTML("beforeend", `<option value="${esc(k.kind)}">${esc(k.title)}</option>`);
    }
  } catch (e) { $("note").textContent = e.message; }
  $("kind").value = query.get("kind") || "";
  $("status").value = query.get("status") || "";

  function when(iso) {
    const d = new Date(iso);
    return isNaN(d) ? iso : d.toLocaleString([], {dateStyle: "short", timeStyle: "short"});
  }

  function result(g) {
    if (!g.result) return g.status === "live" ? `<span class="muted">${g.version} events so far</span>` : "";
    const r = g.result;
    const winners = (r.winners || []).map((s) => g.players[s]).filter(Boolean).join(", ");
    const side = r.side === "draw" || r.side === "tie" ? title(r.side) : `${title(r.side)} won`;
    return `${esc(side)}${winners ? ": " + esc(winners) : ""}`;
  }

  function row(g) {
    const link = `/games/${g.id}/viewer`;
    return `<tr data-game="${esc(g.id)}"><td class="wide">${esc(when(g.created_on))}</td>` +
      `<td>${esc(titles[g.kind] || g.kind)}</td>` +
      `<td class="wide">${esc(g.players.join(", "))}</td>` +
      `<td class="status-${esc(g.status)}">${esc(g.status)}</td><td>${result(g)}</td>` +
      `<td><a href="${link}">${g.status === "live" ? "watch" : "replay"}</a></td></tr>`;
  }

  async function page(fresh) {
    const params = new URLSearchParams({order: "newest", limit: "25"});
    if ($("kind").value) params.set("kind", $("kind").value);
    if ($("status").value) params.set("status", $("status").value);
    if (!fresh && cursor !== null) params.set("cursor", cursor);
    try {
      const got = await api(`/games?${params}`);
      const body = $("games").querySelector("tbody");
      if (fresh) body.innerHTML = "";
      body.insertAdjacentHTML("beforeend", got.games.map(row).join(""));
      cursor = got.next_cursor;
      $("more").hidden = cursor === null;
      $("note").textContent = body.children.length ? "" : "No games yet: play one, or run paiju simulate.";
    } catch (e) { $("note").textContent = e.message; }
  }

  $("filters").onchange = () => {
    const keep = new URLSearchParams();
    if ($("kind").value) keep.set("kind", $("kind").value);
    if ($("status").value) keep.set("status", $("status").value);
    history.replaceState(null, "", keep.toString() ? `?${keep}` : location.pathname);
    page(true);
  };
  $("more").onclick = () => page(false);
  page(true);
})();
