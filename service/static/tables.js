// The table of each kind, drawn from a view exactly as the API gives it to the viewer:
// whatever the view hides (a hand, a role, a general) is simply not there to draw.
"use strict";

(() => {
  const {esc, card, cards, backs, title, tables} = Paiju;

  /** Seats around a table, in turn order from ``first``: along the bottom, up the right,
   *  along the top, down the left (on a phone: one column, the middle first). */
  function ring(boxes, first, center) {
    const n = boxes.length;
    const order = boxes.map((_, i) => (first + i) % n);
    const side = n >= 7 ? 2 : 1;
    let bottom, right, top, left;
    if (n <= 3) { bottom = 1; right = n >= 2 ? 1 : 0; top = 0; left = n - bottom - right; }
    else {
      left = right = side;
      bottom = Math.floor((n - 2 * side) / 2);
      top = n - 2 * side - bottom;
    }
    const place = Object.fromEntries(order.map((s, k) => [s, k]));
    const take = (k) => order.splice(0, k).map((s) => boxes[s].replace(
      'class="seat', `style="--o:${place[s]}" class="seat`));
    const b = take(bottom), r = take(right).reverse(), t = take(top).reverse(), l = take(left);
    return `<div class="ring felt">` +
      (t.length ? `<div class="row">${t.join("")}</div>` : "") +
      `<div class="middle"><div class="col">${l.join("")}</div>` +
      `<div class="center">${center}</div><div class="col">${r.join("")}</div></div>` +
      `<div class="row">${b.join("")}</div></div>`;
  }
  const firstSeat = (view, ctx) => Number.isInteger(ctx.me) ? ctx.me :
    (Number.isInteger(view.viewer) ? view.viewer : 0);

  function seatBox(view, ctx, s, inner, extra = "") {
    const classes = ["seat", extra];
    if ((view.to_act || []).includes(s) && !view.outcome) classes.push("turn");
    if (s === ctx.me) classes.push("me");
    return `<div class="${classes.join(" ")}" data-seat="${s}">` +
           `<div class="who">${s} · ${esc(view.players[s])}${s === ctx.me ? " (you)" : ""}</div>` +
           `${inner}</div>`;
  }
  const tag = (text, cls = "") => text ? `<span class="tag ${esc(cls)}">${esc(text)}</span>` : "";

  // --- Dou Dizhu --------------------------------------------------------------------------
  /** The current trick: each seat's latest play or pass since the last two passes. */
  function trick(plays) {
    let now = [], passes = 0;
    for (const p of plays || []) {
      if (p.pattern !== "pass" && passes >= 2) now = [];
      passes = p.pattern === "pass" ? passes + 1 : 0;
      now.push(p);
    }
    const bySeat = {};
    for (const p of now) bySeat[p.seat] = p;
    return bySeat;
  }

  tables.doudizhu = (v, ctx = {}) => {
    const kind = v.kind;
    const last = trick(v.plays);
    const boxes = v.players.map((_, s) => {
      const role = v.landlord === null || v.landlord === undefined ? "" :
        (v.landlord === s ? "landlord" : "peasant");
      const hand = v.hands ? v.hands[String(s)] : null;
      const shown = ctx.ownHandElsewhere && s === ctx.me ? `<span class="muted">your hand: below</span>` :
        (hand ? cards(kind, hand) : backs(v.hand_counts[s]));
      const bid = (v.bids || []).filter((b) => b.seat === s).map((b) => b.bid ? `bid ${b.bid}` : "no bid").pop();
      const p = last[s];
      const played = p ? (p.pattern === "pass" ? `<span class="muted">pass</span>` :
        `<span>${esc(p.ranks.replace(/T/g, "10"))}</span> <span class="muted">${esc(p.pattern.replace(/_/g, " "))}</span>`) : "";
      return seatBox(v, ctx, s,
        `<div class="line">${tag(role, role)}<span class="muted">${v.hand_counts[s]} cards</span>` +
        `${bid && v.phase === "bidding" ? tag(bid) : ""}</div>` +
        `<div class="played">${played}</div><div class="cards">${shown}</div>`, "ddz");
    });
    const kitty = v.kitty ? cards(kind, v.kitty) : backs(3);
    const center = `<div class="big">${esc(title(v.phase))}</div>` +
      `<div>base ${v.base} · ×${v.multiplier}</div>` +
      `<div class="muted">kitty</div><div class="cards">${kitty}</div>` +
      (v.last_play ? `<div class="muted">to beat: ${esc(v.last_play.ranks.replace(/T/g, "10"))} ` +
                     `by seat ${v.last_play.seat}</div>` : "");
    return ring(boxes, firstSeat(v, ctx), center) + Paiju.status(v);
  };

  // --- Sanguosha (identity mode; Kingdom Wars uses the same drawing) ------------------------
  function pips(hp, max) {
    if (!max) return "";
    const full = Math.max(0, Math.min(hp, max));
    return `<span class="hp" title="${hp}/${max} HP">${"●".repeat(full)}` +
           `<span class="lost">${"●".repeat(max - full)}</span></span>`;
  }
  /** Equipment: a list of cards (skill engine) or slot → card id (first engine). */
  const equipmentOf = (e) => Array.isArray(e) ? e : Object.values(e || {}).filter((c) => c !== null);
  /** A judgment-area card: an object with "as", [id, name], or an id. */
  function judged(kind, j) {
    if (Array.isArray(j)) return card(kind, {...Paiju.cardOf(kind, j[0]), as: j[1]});
    return card(kind, j);
  }
  function general(s) {
    if (s.general && typeof s.general === "object") {
      const g = s.general;
      const skills = (g.skills || []).map((k) =>
        `<span class="skill" title="${esc(k.text || "")}">${esc(k.name)}${k.lord ? " (lord)" : ""}</span>`).join("");
      return `<div class="line"><span class="general">${esc(g.name)}</span>` +
             `<span class="muted">${esc(g.zh || "")}</span>${tag(g.kingdom, g.kingdom)}</div>` +
             (skills ? `<div class="line skills">${skills}</div>` : "");
    }
    if (typeof s.general === "string") return `<div class="line"><span class="general">${esc(title(s.general))}</span></div>`;
    if (Array.isArray(s.generals)) {  // Kingdom Wars: head and deputy, hidden until shown
      const names = s.generals.map((g) => g ? title(g) : "?").join(" & ");
      return `<div class="line"><span class="general">${esc(names)}</span>${tag(s.kingdom, s.kingdom)}</div>`;
    }
    return "";
  }

  function sanguosha(v, ctx = {}) {
    const kind = v.kind;
    const boxes = v.seats.map((s) => {
      const role = s.role ? tag(s.role, s.role) : "";
      const hand = Array.isArray(s.hand) && !(ctx.ownHandElsewhere && s.seat === ctx.me)
        ? `<div class="cards"><span class="zone">hand</span>${cards(kind, s.hand) || '<span class="muted">empty</span>'}</div>`
        : `<div class="cards"><span class="zone">hand</span>${backs(s.hand_count) || '<span class="muted">empty</span>'}</div>`;
      const equip = equipmentOf(s.equipment);
      const judging = s.judgment || [];
      const state = s.alive === false ? `<span class="muted">✝ dead</span>` : pips(s.hp, s.max_hp);
      return seatBox(v, ctx, s.seat,
        general(s) + `<div class="line">${role}${state}${s.seat === v.current && !v.outcome ? tag("turn") : ""}</div>` +
        (equip.length ? `<div class="cards"><span class="zone">equip</span>${cards(kind, equip, "equip")}</div>` : "") +
        (judging.length ? `<div class="cards"><span class="zone">judging</span>${judging.map((j) => judged(kind, j)).join("")}</div>` : "") +
        hand, s.alive === false ? "dead" : "");
    });
    const current = v.seats[v.current];
    const who = current ? (current.general && current.general.name) || `seat ${v.current}` : "";
    const pending = v.pending ? `<div class="muted">${esc(pendingText(v))}</div>` : "";
    const onTable = v.table || v.in_flight || [];
    const discard = (v.discard || []).slice(-4);
    const center = (v.turn ? `<div class="big">Turn ${v.turn} · ${esc(who)}</div>` +
                    `<div>${esc(title(v.phase || ""))} ${v.phase ? "phase" : ""}</div>` : `<div class="big">Setting up</div>`) +
      pending +
      (onTable.length ? `<div class="muted">on the table</div><div class="cards">${cards(kind, onTable)}</div>` : "") +
      `<div class="muted">draw pile ${v.pile_count} · discard pile ${v.discard_count ?? (v.discard || []).length}` +
      `${discard.length ? ", its top:" : ""}</div>` +
      (discard.length ? `<div class="cards">${cards(kind, discard)}</div>` : "");
    return ring(boxes, firstSeat(v, ctx), center) + Paiju.status(v);
  }
  function pendingText(v) {
    const p = v.pending;
    const about = p.about || {};
    // a skill's question: "use Fankui?" at a timing point, "Guanxing" in its effect
    const what = p.prompt || (p.ask === "skill" && p.skill ? `use ${title(p.skill)}?` :
      title(about.reason || p.ask || "") + (p.skill && p.skill !== p.ask ? ` (${title(p.skill)})` : ""));
    const whom = p.seat === null || p.seat === undefined ? "every seat may be asked" :
      `seat ${p.seat}`;
    return `${what} — ${whom}`;
  }
  tables.identity = sanguosha;
  tables.hegemony = sanguosha;

  // --- Killer ----------------------------------------------------------------------------------
  tables.killer = (v, ctx = {}) => {
    const day = v.night || 1;
    const said = {}, voted = {}, died = {};
    for (const st of v.statements || []) if (st.day === day) said[st.seat] = st.text;
    for (const vt of v.votes || []) if (vt.day === day) voted[vt.seat] = vt.target;
    for (const d of v.deaths || []) died[d.seat] = d;
    const boxes = v.players.map((_, s) => {
      const role = (v.roles || [])[s];
      const dead = v.alive && v.alive[s] === false;
      const death = died[s] ? `<span class="muted">✝ ${esc(died[s].cause === "killed" ? "killed" : "voted out")}, day ${died[s].day}</span>` :
        (dead ? `<span class="muted">✝ dead</span>` : "");
      const words = s in said ? `<div class="said">${said[s] ? "“" + esc(said[s]) + "”" : "(says nothing)"}</div>` : "";
      const vote = s in voted ? `<div class="muted">votes ${voted[s] === null ? "— abstains" : "→ seat " + voted[s]}</div>` : "";
      return seatBox(v, ctx, s, `<div class="line">${role ? tag(role, role) : ""}${death}</div>${words}${vote}`,
                     dead ? "dead" : "");
    });
    const phase = String(v.phase || "");
    const night = /night|kill|investigat/.test(phase);
    const checks = (v.investigations || []).map((x) => `night ${x.night}: seat ${x.target} ${x.killer ? "is a killer" : "is not"}`);
    const center = `<div class="big">${night ? "🌙 Night" : "☀ Day"} ${day}</div>` +
      `<div class="muted">${esc(title(phase))}</div>` +
      (checks.length ? `<div class="muted">police: ${esc(checks.join("; "))}</div>` : "");
    return `<div class="felt"><div class="center">${center}</div>` +
           `<div class="killer-seats">${boxes.join("")}</div></div>` + Paiju.status(v);
  };
})();
