// The play page: sit down against bots, see your own view, click one of your legal
// actions. Everything goes through the public API with your seat's token, which lives in
// this page's URL fragment ("#game=…&seat=0&token=…") and never reaches a server log.
//
// A window the game asks of every seat alike (a Nullification or dying-Peach window at a
// table with people) is answered for you when you have one answer only: the view marks
// such a window by hiding whom it asks (pending.seat is null), the events hide who
// declined, and the page waits a random moment first, so the answer tells nobody
// whether you had a choice. Every other question waits for you.
"use strict";

(async () => {
  const {api, esc, card, cards, drawTable, movesHtml, loadCards, title} = Paiju;
  const $ = (s) => document.getElementById(s);
  const POOL = ["count", "min", "max", "from"];
  const answeredForYou = window.paijuAnsweredForYou = [];  // {version, action}: for a look back

  // --- sitting down ---------------------------------------------------------------------
  async function sitDown() {
    $("sit-page").hidden = false;
    const kinds = (await api("/kinds")).kinds.filter((k) => k.policies.length);
    const byKind = Object.fromEntries(kinds.map((k) => [k.kind, k]));
    $("sit-kind").innerHTML = kinds.map((k) => `<option value="${esc(k.kind)}">${esc(k.title)}</option>`).join("");
    const pick = () => {
      const k = byKind[$("sit-kind").value];
      const counts = [];
      for (let n = k.players.min; n <= k.players.max; n++) counts.push(n);
      $("sit-players").innerHTML = counts.map((n) => `<option${n === k.players.default ? " selected" : ""}>${n}</option>`).join("");
      $("sit-policy").innerHTML = k.policies.map((p) => `<option>${esc(p)}</option>`).join("");
      $("sit-policy").value = k.policies[k.policies.length - 1];
      // the kind's on/off options with a default, ticked as the default is (e.g. identity's
      // generals: on; untick it for the first game)
      const props = ((k.options || {}).properties) || {};
      $("sit-options").innerHTML = Object.entries(props)
        .filter(([, o]) => o.type === "boolean" && typeof o.default === "boolean")
        .map(([name, o]) => `<label title="${esc(o.description || "")}"><input type="checkbox" ` +
             `data-option="${esc(name)}"${o.default ? " checked" : ""}> ${esc(name)}</label>`).join("");
    };
    $("sit-kind").onchange = pick;
    pick();
    $("sit").onsubmit = async (e) => {
      e.preventDefault();
      const n = Number($("sit-players").value), policy = $("sit-policy").value;
      const players = [$("sit-name").value.trim() || "Player"];
      for (let i = 1; i < n; i++) players.push(`bot ${i}`);
      const options = Object.fromEntries([...document.querySelectorAll("#sit-options input")]
        .map((box) => [box.dataset.option, box.checked]));
      try {
        const g = await api("/games", {method: "POST", body: {
          kind: $("sit-kind").value, players, options,
          agents: ["human", ...Array(n - 1).fill(policy)]}});
        location.hash = `game=${g.id}&seat=0&token=${encodeURIComponent(g.tokens.seats[0])}`;
        $("sit-page").hidden = true;
        play(g.id, 0, g.tokens.seats[0]);
      } catch (err) { $("sit-error").textContent = err.message; }
    };
  }

  // --- playing --------------------------------------------------------------------------
  function play(game, me, token) {
    $("play-page").hidden = false;
    $("replay").href = `/games/${game}/viewer#token=${encodeURIComponent(token)}`;
    let view = null, busy = false, timer = null, shown = 0;
    const picked = new Set();  // cards chosen for a play or a template
    const reveals = [];

    const myTurn = () => view && view.status === "live" && (view.legal_actions || []).length > 0;

    async function refresh() {
      clearTimeout(timer);
      try {
        view = await api(`/games/${game}`, {token});
        await loadCards(view.kind);
        render();
        await refreshMoves();
      } catch (e) { $("error").textContent = e.message; }
      schedule();
    }

    function schedule() {
      clearTimeout(timer);
      if (!view || view.status !== "live") return;
      if (!myTurn()) timer = setTimeout(refresh, 1500);  // others are moving
      else if (forcedAlike()) timer = setTimeout(() => act(view.legal_actions[0], true),
                                                 400 + Math.random() * 800);
    }

    /** One answer only, in a window the game asks of every seat alike (it hides whom it
     *  asks): answering it for the person tells nothing. */
    function forcedAlike() {
      const legal = view.legal_actions || [];
      return $("auto").checked && legal.length === 1 && !POOL.some((k) => k in legal[0]) &&
        !("text" in legal[0]) && view.pending && view.pending.seat === null;
    }

    async function act(action, auto = false) {
      if (busy) return;
      busy = true;
      clearTimeout(timer);
      $("error").textContent = "";
      try {
        view = await api(`/games/${game}/actions`, {token, method: "POST",
                                                    body: {action, expected_version: view.version}});
        if (auto) {
          $("prompt").textContent = "answered for you: " + plain(action);
          answeredForYou.push({version: Number($("play-page").dataset.version), action});
        }
      } catch (e) {
        $("error").textContent = e.message;
        if (e.status === 409) view = await api(`/games/${game}`, {token});
      } finally {
        busy = false;
        picked.clear();
        render();
        await refreshMoves();
        schedule();
      }
    }

    /** The move list; moves new since the last look appear one after another. */
    async function refreshMoves() {
      const log = await api(`/games/${game}/events`, {token});
      reveals.splice(0).forEach(clearTimeout);
      const list = $("moves");
      list.innerHTML = movesHtml(log.moves);
      const items = [...list.querySelectorAll("li.move")];
      items.slice(shown).forEach((li, i) => {
        const head = li.previousElementSibling;  // a new group appears with its first move
        const group = head && head.classList.contains("group") ? head : null;
        li.hidden = true;
        if (group) group.hidden = true;
        reveals.push(setTimeout(() => {
          li.hidden = false;
          if (group) group.hidden = false;
          li.classList.add("fresh");
          list.scrollTop = list.scrollHeight;
        }, 250 * i));
      });
      shown = items.length;
      list.scrollTop = list.scrollHeight;
    }

    function render() {
      const panel = Paiju.panels[view.kind] || genericPanel;
      const handApart = Boolean(panel.hand) && view.status === "live";  // to pick from
      $("table").innerHTML = drawTable(view, {me, ownHandElsewhere: handApart});
      $("hand").innerHTML = handApart ? panel.hand(view, me, picked) : "";
      $("hand").hidden = !handApart;
      $("auto-label").hidden = !("pending" in view) || view.status !== "live";  // windows
      $("actions").innerHTML = myTurn() && !busy ? panel.actions(view, me, picked) : "";
      if (view.status !== "live") $("prompt").innerHTML = "The game is over. " +
        `<a href="${$("replay").href}">Replay it</a> or <a href="/play">play again</a>.`;
      else if (myTurn()) $("prompt").textContent = "Your turn" +
        (view.pending && view.pending.prompt ? `: ${view.pending.prompt}` : "");
      else $("prompt").textContent = "Waiting for the others…";
      $("title").textContent = `${view.kind} · you are seat ${me} (${view.players[me]})`;
      Object.assign($("play-page").dataset, {version: view.version, status: view.status,
        turn: !myTurn() ? "theirs" : (forcedAlike() ? "answered for you" : "yours")});
    }

    // clicks: a card in the hand or a pool toggles; a button sends its action
    document.addEventListener("click", (e) => {
      const c = e.target.closest("[data-pick]");
      if (c && myTurn()) {
        const id = JSON.parse(c.dataset.pick);
        picked.has(id) ? picked.delete(id) : picked.add(id);
        render();
        return;
      }
      const b = e.target.closest("button[data-action]");
      if (!b || b.disabled || !myTurn()) return;
      const action = JSON.parse(b.dataset.action);
      if (b.dataset.fill === "cards") action.cards = [...picked];
      if (b.dataset.fill === "text") action.text = b.parentElement.querySelector("input").value;
      if (b.dataset.select) {  // a hint: select these cards, then the person plays them
        picked.clear();
        JSON.parse(b.dataset.select).forEach((x) => picked.add(x));
        render();
        return;
      }
      act(action);
    });

    refresh();
  }

  // --- actions as buttons -----------------------------------------------------------------
  const plain = (a) => Object.entries(a).map(([k, v]) => k === "type" ? title(v) : `${k} ${JSON.stringify(v)}`).join(", ");
  const button = (action, label, extra = "") =>
    `<button data-action='${esc(JSON.stringify(action))}' ${extra}>${label}</button>`;

  /** An action in words: its type, its card(s) as cards, its targets as seats. */
  function describe(view, me, a) {
    const parts = [esc(title(a.type))];
    if ("card" in a) parts.push(card(view.kind, a.card));
    if (Array.isArray(a.cards)) parts.push(cards(view.kind, a.cards));
    else if (typeof a.cards === "string") parts.push(esc(a.cards.replace(/T/g, "10")));
    if ("as" in a) parts.push(`as ${esc(title(a.as))}`);
    if ("skill" in a) parts.push(esc(title(a.skill)));
    // a choice tells two answers with one card apart (a Kingdom Nullification "for all")
    if ("choice" in a) parts.push(esc(a.choice === "all" ? "for all of the kingdom" : title(a.choice)));
    if ("value" in a) parts.push(esc(a.value));
    if ("option" in a) parts.push(esc(a.option));
    if ("general" in a) {
      const offer = ((view.seats || [])[me] || {}).offer || [];
      const g = offer.find((o) => o.id === a.general);
      const skills = g && g.skills && g.skills.length ? ": " + g.skills.map((k) => k.name).join(", ") : "";
      parts.push(esc(g ? `${g.name} (${g.kingdom}, ${g.hp} HP${skills})` : title(a.general)));
    }
    const seat = (s) => {
      const row = (view.seats || [])[s];
      const name = row && row.general && row.general.name;
      return esc(name ? `${name} (seat ${s})` : `seat ${s} (${view.players[s]})`);
    };
    if ("target" in a) parts.push("→ " + seat(a.target));
    if (Array.isArray(a.targets) && a.targets.length) parts.push("→ " + a.targets.map(seat).join(", "));
    return parts.join(" ");
  }

  /** Any kind: a button per legal action; a template picks its cards; a text is typed. */
  const genericPanel = {
    actions(view, me, picked) {
      return (view.legal_actions || []).map((a) => {
        if (POOL.some((k) => k in a) && Array.isArray(a.from)) {
          const low = a.count ?? a.min ?? 1, high = a.count ?? a.max ?? low;
          const base = Object.fromEntries(Object.entries(a).filter(([k]) => !POOL.includes(k)));
          const pool = a.from.map((x) => `<span data-pick='${esc(JSON.stringify(x))}'>` +
            card(view.kind, x, picked.has(x) ? "sel" : "") + "</span>").join("");
          const n = a.from.filter((x) => picked.has(x)).length;
          const want = low === high ? `${low}` : `${low}–${high}`;
          return `<h4>${esc(title(a.type))}: choose ${want}</h4><div class="pool">${pool}</div>` +
            button(base, `${esc(title(a.type))} ${n} chosen`, `data-fill="cards" ${n >= low && n <= high ? "" : "disabled"}`);
        }
        if (typeof a.text === "string") {
          return `<span class="line"><input type="text" maxlength="280" placeholder="say something (or nothing)">` +
            button(a, esc(title(a.type)), `data-fill="text"`) + `</span>`;
        }
        return button(a, describe(view, me, a));
      }).join("");
    },
  };

  // --- Dou Dizhu: pick cards from your hand, then play them --------------------------------
  const RANKS = "3456789TJQKA2BR";
  const rankOf = (c) => c[0];
  const ranksOf = (cs) => [...cs].map(rankOf).sort((a, b) => RANKS.indexOf(a) - RANKS.indexOf(b)).join("");

  Paiju.panels = {
    doudizhu: {
      hand(view, me, picked) {
        const mine = (view.hands || {})[String(me)] || [];
        return `<div class="muted">your hand: click cards to choose them</div><div class="cards hand-pick">` +
          mine.map((c) => `<span data-pick='${esc(JSON.stringify(c))}'>` +
            card(view.kind, c, "big" + (picked.has(c) ? " sel" : "")).replace(/(Black|Red) Joker/, "Joker") +
            `</span>`).join("") + `</div>`;
      },
      actions(view, me, picked) {
        const legal = view.legal_actions || [];
        const plays = legal.filter((a) => a.type === "play");
        const others = legal.filter((a) => a.type !== "play");
        const chosen = ranksOf(picked);
        const ok = plays.some((a) => a.cards === chosen);
        const mine = (view.hands || {})[String(me)] || [];
        const hint = (a) => {  // the cards of the hand that make these ranks, lowest suit first
          const left = [...mine], use = [];
          for (const r of a.cards) { const i = left.findIndex((c) => rankOf(c) === r); use.push(left.splice(i, 1)[0]); }
          return `<button class="hint" data-select='${esc(JSON.stringify(use))}' data-action='{}'>${esc(a.cards.replace(/T/g, "10"))}</button>`;
        };
        return (plays.length ? button({type: "play"}, `Play ${esc(chosen.replace(/T/g, "10")) || "selected"}`,
                                      `data-fill="cards" class="primary" id="play" ${ok ? "" : "disabled"}`) : "") +
          others.map((a) => button(a, describe(view, me, a))).join("") +
          (plays.length ? `<h4>your plays (click to select)</h4><div class="pool hints">${plays.map(hint).join("")}</div>` : "");
      },
    },
  };

  // --- start ------------------------------------------------------------------------------
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("game") && params.get("token")) {
    play(params.get("game"), Number(params.get("seat") || 0), params.get("token"));
  } else {
    sitDown().catch((e) => { $("sit-error").textContent = e.message; });
  }
})();
