// plywright variant designer: live preview, inline errors, file upload/download, jobs.
// Plain JavaScript, no build step. The server validates everything; this file only sends
// the form's text and shows the answers.
"use strict";

(function () {
  const root = document.getElementById("designer");
  if (!root) return;
  const jobs = {};
  const form = document.getElementById("variant-form");
  const presets = JSON.parse(document.getElementById("presets").textContent);
  const presetBox = document.getElementById("f-preset");
  const CUSTOM = "-custom-";
  const DEBOUNCE_MS = 120;
  const POLL_MS = 300;
  const KEEP_ALIVE_MS = 30000;
  const LOST =
    "no answer from the server: is plywright serve still running? Your values are kept; " +
    "start it again and change any value.";
  let presetBase = presetBox.value;

  // Timings of preview answers (change -> picture shown), read by the browser tests.
  window.plywright = { timings: [], answers: [], applied: 0, pending: 0 };

  function fields() {
    return Array.from(root.querySelectorAll("[data-field]"));
  }

  function currentValues() {
    const values = {};
    for (const el of fields()) {
      values[el.dataset.field] = el.type === "checkbox" ? String(el.checked) : el.value;
    }
    return values;
  }

  function payload() {
    return {
      name: document.getElementById("f-name").value,
      preset: presetBase === CUSTOM ? "" : presetBase,
      values: currentValues(),
    };
  }

  function ensureOption(el, value) {
    if (el.tagName !== "SELECT" || Array.from(el.options).some((o) => o.value === value)) return;
    const option = document.createElement("option");
    option.value = value;
    option.textContent = value;
    el.appendChild(option);
  }

  function fill(values) {
    for (const el of fields()) {
      const value = values[el.dataset.field];
      if (value === undefined) continue;
      if (el.type === "checkbox") el.checked = value === "true";
      else {
        ensureOption(el, value);
        el.value = value;
      }
    }
  }

  // the preset list says "custom" once a field departs from the chosen preset
  function showPreset() {
    const base = presets[presetBase];
    const custom = presetBox.querySelector(`option[value="${CUSTOM}"]`);
    if (!base) return;
    const values = currentValues();
    const departs = Object.keys(base).some((key) => key in values && !same(values[key], base[key]));
    const label = presetBox.querySelector(`option[value="${CSS.escape(presetBase)}"]`);
    custom.textContent = departs ? `custom (from ${label ? label.textContent : presetBase})` : "custom";
    presetBox.value = departs ? CUSTOM : presetBase;
    showControls();
    showSlow();
  }

  // equal form values: the same text, or the same number ("44" and "44.0")
  function same(a, b) {
    if (a === b) return true;
    if (typeof a !== "string" || typeof b !== "string" || !a.trim() || !b.trim()) return false;
    const x = Number(a);
    const y = Number(b);
    return Number.isFinite(x) && Number.isFinite(y) && x === y;
  }

  // choices that set several fields at once (Kubb's set size): they show the option whose
  // values the fields hold, or "custom" once one of those fields is changed by hand
  const controls = JSON.parse(document.getElementById("controls").textContent);
  function showControls() {
    const values = currentValues();
    for (const [name, options] of Object.entries(controls)) {
      const box = document.getElementById(`c-${name}`);
      const match = Object.keys(options).find((option) =>
        Object.entries(options[option]).every(([key, value]) => same(values[key], value))
      );
      if (box) box.value = match || "";
    }
  }
  // a slow player is named before its check starts, with the time measured for these values
  const agentWords = JSON.parse(document.getElementById("agent-words").textContent);
  function duration(seconds) {
    if (seconds < 90) return `${Math.max(1, Math.round(seconds))} seconds`;
    if (seconds < 90 * 60) return `${Math.round(seconds / 60)} minutes`;
    if (seconds < 48 * 3600) return `${Math.round(seconds / 3600)} hours`;
    return `${Math.round(seconds / 86400)} days`;
  }
  function slowWords() {
    const box = document.getElementById("f-check-agent");
    const names = box ? box.value.split(",").map((name) => name.split(":")[0].trim()) : [];
    return names.map((name) => agentWords[name]).find(Boolean);
  }
  // the measured seconds a game of the chosen slow player, for the form's values (or null)
  function slowSeconds() {
    const said = slowWords();
    if (!said) return null;
    const value = currentValues()[said.by];
    const known = Object.keys(said.seconds).find((key) => same(key, value));
    return known === undefined ? null : said.seconds[known];
  }
  let checkEach = null; // slowSeconds() when the running check started
  function showSlow() {
    const slot = document.getElementById("check-slow");
    if (!slot) return;
    const said = slowWords();
    slot.hidden = !said;
    if (!said) {
      slot.textContent = "";
      return;
    }
    const values = currentValues();
    const games = Number(values["check.games"]);
    const value = values[said.by];
    const measured = Object.keys(said.seconds).map(Number).filter(Number.isFinite);
    const each = slowSeconds();
    let time = "";
    if (each) {
      time = ` One game takes about ${duration(each)} with these values`;
      time += Number.isInteger(games) && games > 1 ? `, so ${games} games take about ${duration(each * games)}.` : ".";
    } else if (measured.length && Number(value) > Math.max(...measured)) {
      const most = said.seconds[String(Math.max(...measured))] || Math.max(...Object.values(said.seconds));
      time = ` One game takes more than ${duration(most)} with these values.`;
    }
    slot.textContent = `Slow players: ${said.slow}.${time} For a quicker answer, play fewer games or choose other players.`;
  }
  showSlow();

  for (const box of root.querySelectorAll("[data-control] select")) {
    box.addEventListener("change", () => {
      const options = controls[box.closest("[data-control]").dataset.control] || {};
      if (!options[box.value]) {
        document.getElementById("all-settings").open = true; // custom: the sizes are there
        return;
      }
      fill(options[box.value]);
      showPreset();
      schedule();
    });
  }

  async function postJSON(url, body) {
    let response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      });
    } catch (e) {
      return { ok: false, status: 0, data: { error: LOST } };
    }
    let data = {};
    try {
      data = await response.json();
    } catch (e) {
      data = { error: `the server gave an unreadable answer (HTTP ${response.status})` };
    }
    return { ok: response.ok, status: response.status, data: data };
  }

  // ---- live evaluation: debounced; an older answer never overwrites a newer one ----
  let sequence = 0;
  let applied = 0;
  let timer = null;
  let changedAt = 0;
  let controller = null;
  let valid = false;

  function schedule() {
    changedAt = performance.now();
    window.plywright.pending = ++sequence;
    clearTimeout(timer);
    timer = setTimeout(evaluate, DEBOUNCE_MS);
  }

  async function evaluate() {
    const mine = sequence;
    const started = changedAt;
    if (controller) controller.abort();
    controller = new AbortController();
    let answer;
    const asked = performance.now();
    try {
      const response = await fetch(root.dataset.evaluate, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(payload()),
        signal: controller.signal,
      });
      answer = await response.json();
      if (!response.ok) answer = { ok: false, error: answer.error, field_errors: {}, checks: [] };
    } catch (e) {
      if (e.name === "AbortError") return;
      answer = { ok: false, lost: true, error: LOST, field_errors: {}, checks: [] };
    }
    if (mine < applied) return; // a newer answer is already shown
    applied = mine;
    render(answer);
    const ms = performance.now() - started;
    window.plywright.timings.push(ms);
    window.plywright.answers.push(performance.now() - asked);
    window.plywright.applied = mine;
    document.getElementById("preview-time").textContent = answer.lost ? "" : `${Math.round(ms)} ms`;
  }

  function fieldBox(key) {
    return root.querySelector(`.field[data-key="${CSS.escape(key)}"]`);
  }

  function markField(box, cli, plain) {
    const slot = box.querySelector(".field-error");
    const control = box.querySelector("input, select");
    if (slot) {
      slot.replaceChildren();
      if (cli) {
        slot.append(plain || cli, " ");
        const name = document.createElement("code");
        name.textContent = box.dataset.key;
        name.title = cli;
        slot.appendChild(name);
      }
    }
    box.classList.toggle("invalid", Boolean(cli));
    if (control) {
      const help = box.querySelector(".help");
      const ids = [help && help.id, cli && slot && slot.id].filter(Boolean);
      control.setAttribute("aria-describedby", ids.join(" "));
      if (cli) control.setAttribute("aria-invalid", "true");
      else control.removeAttribute("aria-invalid");
    }
  }

  function render(answer) {
    valid = answer.ok;
    const errors = answer.field_errors || {};
    const plain = answer.field_plain || {};
    const used = answer.values || {};
    for (const box of root.querySelectorAll(".field[data-key]")) {
      const key = box.dataset.key;
      markField(box, errors[key] || "", plain[key] || "");
      const list = box.querySelector(".field-checks");
      if (list) list.replaceChildren();
      const input = box.querySelector("input[type=text]");
      if (input && input.dataset.field) {
        if (input.dataset.placeholder === undefined) input.dataset.placeholder = input.placeholder;
        input.placeholder =
          used[key] !== undefined && used[key] !== "" ? `${used[key]} (used when left empty)` : input.dataset.placeholder;
      }
    }
    for (const slot of root.querySelectorAll("[data-table-error]")) {
      const table = slot.dataset.tableError;
      slot.textContent = plain[table] || errors[table] || "";
    }
    const beside = Object.keys(errors).length;
    const top = document.getElementById("top-error");
    if (answer.lost || !beside) top.textContent = answer.ok ? "" : answer.error || "";
    else top.textContent = beside === 1 ? "One value needs fixing: it is marked below." : `${beside} values need fixing: they are marked below.`;
    top.classList.toggle("server-lost", Boolean(answer.lost));
    if (beside && !answer.lost) {
      const names = Object.keys(errors);
      const hidden = names.some((key) => {
        const box = fieldBox(key);
        return box && box.closest("details") && !box.closest("details").open;
      });
      if (hidden) document.getElementById("all-settings").open = true;
    }

    const checks = answer.checks || [];
    const list = document.getElementById("checks");
    list.replaceChildren();
    let failed = 0;
    for (const check of checks) {
      const item = document.createElement("li");
      const level = check.ok ? "ok" : check.severity;
      if (!check.ok) failed += 1;
      item.className = `check ${level}`;
      item.dataset.name = check.name;
      item.textContent = `${check.ok ? "ok" : check.severity}: ${check.name}: ${check.message}`;
      list.appendChild(item);
      if (!check.ok && check.field) {
        const box = fieldBox(check.field);
        const near = box && box.querySelector(".field-checks");
        if (near) near.appendChild(item.cloneNode(true));
      }
    }
    document.getElementById("checks-summary").textContent = answer.ok
      ? `${checks.length - failed} of ${checks.length} passed`
      : answer.lost ? "waiting for the server" : "waiting for valid values";

    const img = document.getElementById("preview");
    const note = document.getElementById("preview-note");
    if (answer.preview) {
      img.src = answer.preview;
      img.hidden = false;
      img.dataset.kind = answer.preview_kind;
      note.textContent = answer.preview_kind === "preview/svg" ? "" : "showing the cutting layout";
    } else if (answer.lost) {
      note.textContent = LOST;
    } else {
      note.textContent = answer.ok ? answer.preview_error || "" : "the picture waits until every value is allowed (marked in red)";
    }
    img.classList.toggle("stale", !answer.ok);
    for (const id of ["download", "check", "sweep", "build"]) {
      document.getElementById(id).disabled = !answer.ok || Boolean(jobs[id]);
    }
  }

  function isFormControl(el) {
    return Boolean(el.dataset && el.dataset.field) || el.id === "f-name" || el.id === "f-preset";
  }

  root.addEventListener("input", (event) => {
    if (!isFormControl(event.target) || event.target.id === "f-preset") return;
    showPreset();
    schedule();
  });
  root.addEventListener("change", (event) => {
    if (!isFormControl(event.target)) return;
    if (event.target.id === "f-preset") {
      const values = presets[event.target.value];
      if (values) {
        presetBase = event.target.value;
        fill(values);
        showControls();
        showSlow();
      }
    } else showPreset();
    schedule();
  });
  form.addEventListener("submit", (event) => event.preventDefault());

  const toggle = document.getElementById("preview-toggle");
  toggle.addEventListener("click", () => {
    const body = document.getElementById("preview-body");
    body.hidden = !body.hidden;
    toggle.setAttribute("aria-expanded", String(!body.hidden));
    toggle.textContent = body.hidden ? "show" : "hide";
  });

  // ---- variant file ----
  const fileError = document.getElementById("file-error");
  document.getElementById("download").addEventListener("click", async () => {
    fileError.textContent = "";
    let response;
    try {
      response = await fetch(root.dataset.download, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(payload()),
      });
    } catch (e) {
      fileError.textContent = LOST;
      return;
    }
    if (!response.ok) {
      const data = await response.json().catch(() => ({}));
      fileError.textContent = data.error || `HTTP ${response.status}`;
      return;
    }
    const blob = await response.blob();
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `${document.getElementById("f-name").value || "variant"}.toml`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  });

  // a variant file (an upload, or a sweep's best.toml) into the form; false on an error
  async function loadVariantFile(file, errorSlot) {
    errorSlot.textContent = "";
    const body = new FormData();
    body.append("file", file);
    let response;
    try {
      response = await fetch(root.dataset.upload, { method: "POST", body: body });
    } catch (e) {
      errorSlot.textContent = LOST;
      return false;
    }
    const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
    if (!response.ok) {
      errorSlot.textContent = data.error;
      return false;
    }
    document.getElementById("f-name").value = data.name;
    if (Array.from(presetBox.options).some((o) => o.value === data.preset)) presetBase = data.preset;
    presetBox.value = presetBase;
    fill(data.values);
    showPreset();
    schedule();
    return true;
  }

  document.getElementById("upload-button").addEventListener("click", () => {
    document.getElementById("upload").click();
  });
  document.getElementById("upload").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (file) await loadVariantFile(file, fileError);
  });

  // ---- background jobs ----

  function text(tag, content, cls) {
    const el = document.createElement(tag);
    el.textContent = content;
    if (cls) el.className = cls;
    return el;
  }

  // Tables the server formatted ({title, header, rows: [{cells, status, bar}], highlight}):
  // the cells go in as they are; a row's status becomes its class, its bar (percent) a bar.
  function serverTable(spec, id) {
    const wrap = document.createElement("div");
    wrap.className = "table-scroll";
    const table = document.createElement("table");
    table.className = "metrics";
    if (id) table.id = id;
    const bars = spec.rows.some((row) => row.bar !== null);
    const head = document.createElement("tr");
    for (const name of spec.header) head.appendChild(text("th", name));
    if (bars) head.appendChild(text("th", ""));
    table.appendChild(head);
    spec.rows.forEach((line, index) => {
      const row = document.createElement("tr");
      row.className = [line.status, index === spec.highlight ? "best" : ""].join(" ").trim();
      for (const cell of line.cells) row.appendChild(text("td", cell));
      if (bars) {
        const cell = text("td", "", "bar-cell");
        if (line.bar !== null) {
          const bar = text("span", "", "bar");
          bar.style.width = `${line.bar}%`;
          cell.appendChild(bar);
        }
        row.appendChild(cell);
      }
      table.appendChild(row);
    });
    wrap.appendChild(table);
    return wrap;
  }

  function serverTables(tables, out) {
    for (const spec of tables) {
      out.appendChild(text("h3", spec.title));
      out.appendChild(serverTable(spec));
    }
  }

  function showCheck(job) {
    const report = job.result;
    const out = document.getElementById("check-result");
    out.replaceChildren();
    const verdict = text("p", "", `verdict ${report.verdict}`);
    verdict.id = "verdict";
    verdict.append(text("strong", report.verdict), report.summary);
    out.appendChild(verdict);
    const reasons = document.createElement("ul");
    reasons.id = "check-reasons";
    for (const reason of report.reasons) reasons.appendChild(text("li", reason));
    for (const note of report.notes) reasons.appendChild(text("li", note, "note"));
    out.appendChild(reasons);
    serverTables(report.tables, out);
    const files = report.report_files || [];
    if (files.length) {
      const links = text("p", "Check report with plots: ");
      for (const name of files) {
        const link = text("a", name.split(".").pop().toUpperCase());
        link.href = `/jobs/${job.id}/report.${name.split(".").pop()}`;
        link.target = "_blank";
        link.className = "report-link";
        links.append(link, " ");
      }
      out.appendChild(links);
      const html = files.find((name) => name.endsWith(".html"));
      if (html) {
        const frame = document.createElement("iframe");
        frame.src = `/jobs/${job.id}/report.html`;
        frame.className = "report";
        frame.title = "check report with plots";
        frame.setAttribute("sandbox", "");
        out.appendChild(frame);
      }
    }
  }

  function showSweep(job) {
    const result = job.result;
    const out = document.getElementById("sweep-result");
    out.replaceChildren();
    const summary = text("p", result.summary);
    summary.id = "sweep-summary";
    out.appendChild(summary);
    out.appendChild(serverTable(result.table, "sweep-table"));
    const links = text("p", "Files: ");
    for (const name of result.files) {
      const link = text("a", name);
      link.href = `/jobs/${job.id}/sweep/${name}`;
      if (name.endsWith(".html")) link.target = "_blank";
      else link.setAttribute("download", `${result.name}-${name}`);
      link.className = "report-link";
      links.append(link, " ");
    }
    out.appendChild(links);
    if (result.best) {
      const load = text("button", `Load the fairest (${result.best}) into the form`);
      load.type = "button";
      load.id = "sweep-load-best";
      load.addEventListener("click", async () => {
        const answer = await fetch(`/jobs/${job.id}/sweep/best.toml`);
        const slot = document.getElementById("sweep-error");
        if (!answer.ok) {
          slot.textContent = `HTTP ${answer.status}`;
          return;
        }
        const file = new File([await answer.blob()], "best.toml", { type: "text/plain" });
        await loadVariantFile(file, slot);
      });
      out.appendChild(load);
    } else {
      out.appendChild(text("p", "No variant of this sweep is playable.", "error"));
    }
    const frame = document.createElement("iframe");
    frame.src = `/jobs/${job.id}/sweep/report.html`;
    frame.className = "report";
    frame.title = "sweep report with plots";
    frame.setAttribute("sandbox", "");
    out.appendChild(frame);
  }

  function showBuild(job) {
    const result = job.result;
    const out = document.getElementById("build-result");
    out.replaceChildren();
    const zip = text("a", `Download ${result.name}.zip (${result.manifest.artifacts.length} files + manifest.json)`);
    zip.href = `/jobs/${job.id}/build.zip`;
    zip.id = "build-zip";
    zip.setAttribute("download", `${result.name}.zip`);
    out.appendChild(zip);
    if ((result.cam || []).length) {
      const cam = document.createElement("div");
      cam.id = "build-cam";
      for (const line of result.cam) cam.appendChild(text("p", line));
      out.appendChild(cam);
    }
    const list = document.createElement("ul");
    list.id = "build-files";
    result.manifest.artifacts.forEach((artifact, index) => {
      const item = document.createElement("li");
      const open = /\.(pdf|svg)$/i.test(artifact.path);
      const link = text("a", artifact.path);
      link.href = `/jobs/${job.id}/files/${index}`;
      if (open) link.target = "_blank";
      else link.setAttribute("download", artifact.path.split("/").pop());
      item.append(link, text("span", ` ${artifact.kind} · ${artifact.description}`, "muted"));
      list.appendChild(item);
    });
    out.appendChild(list);
    for (const check of result.forced || []) {
      out.appendChild(text("p", `built despite error: ${check.name}: ${check.message}`, "error"));
    }
    for (const check of result.warnings || []) {
      out.appendChild(text("p", `warning: ${check.name}: ${check.message}`, "warning build-warning"));
    }
  }

  const NAMES = { check: "check", sweep: "sweep", build: "build" };

  async function startJob(kind, body) {
    const error = document.getElementById(`${kind}-error`);
    error.textContent = "";
    document.getElementById(`${kind}-result`).replaceChildren();
    const answer = await postJSON(root.dataset[kind], body);
    if (!answer.ok) {
      error.textContent = answer.data.error || `HTTP ${answer.status}`;
      return;
    }
    jobs[kind] = answer.data.id;
    document.getElementById(`${kind}-job`).hidden = false;
    document.getElementById(kind).disabled = true;
    poll(kind, answer.data.id);
  }

  function remaining(job) {
    if (job.done > 0 && job.total > job.done) {
      const left = (job.seconds / job.done) * (job.total - job.done);
      return left < 90 ? ` · about ${Math.ceil(left)} s left` : ` · about ${duration(left)} left`;
    }
    if (job.done === 0 && job.kind === "check" && checkEach) {
      return ` · no game finished yet: one game of these players took about ${duration(checkEach)} when measured`;
    }
    if (job.done === 0 && job.seconds >= 20 && job.kind !== "build") {
      return " · no game finished yet: these players are slow on this variant (fewer games, or other players, are faster)";
    }
    return "";
  }

  // a finished job's files stay on the server while this page asks about them
  function keepAlive(kind, id) {
    const out = document.getElementById(`${kind}-result`);
    const timer = setInterval(async () => {
      if (!out.isConnected || out.dataset.job !== id) return clearInterval(timer);
      let response;
      try {
        response = await fetch(`/jobs/${id}`, { headers: { Accept: "application/json" } });
      } catch (e) {
        return; // the server is away: try again later
      }
      if (response.status === 404) {
        clearInterval(timer);
        out.prepend(text("p", `These ${NAMES[kind]} results have expired on the server; run the ${NAMES[kind]} again.`, "error expired"));
        for (const link of out.querySelectorAll("a, button")) link.setAttribute("aria-disabled", "true");
      }
    }, KEEP_ALIVE_MS);
  }

  async function poll(kind, id) {
    const bar = document.getElementById(`${kind}-progress`);
    const state = document.getElementById(`${kind}-state`);
    let misses = 0;
    while (jobs[kind] === id) {
      let job;
      let response;
      try {
        response = await fetch(`/jobs/${id}`, { headers: { Accept: "application/json" } });
      } catch (e) {
        misses += 1;
        document.getElementById(`${kind}-error`).textContent =
          `lost contact with the server while the ${NAMES[kind]} runs: is plywright serve still running? (trying again)`;
        if (misses >= 20) break;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS * 3));
        continue;
      }
      job = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
      if (!response.ok) {
        document.getElementById(`${kind}-error`).textContent = job.error || `HTTP ${response.status}`;
        break;
      }
      if (misses) document.getElementById(`${kind}-error`).textContent = "";
      misses = 0;
      bar.max = Math.max(1, job.total);
      bar.value = job.done;
      state.textContent = `${job.message || job.state} ${job.done}/${job.total} · ${job.seconds} s${remaining(job)}`;
      if (job.state === "done") {
        if (kind === "check") showCheck(job);
        else if (kind === "sweep") showSweep(job);
        else showBuild(job);
        document.getElementById(`${kind}-result`).dataset.job = id;
        keepAlive(kind, id);
        break;
      }
      if (job.state === "failed" || job.state === "cancelled") {
        document.getElementById(`${kind}-error`).textContent = job.message;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    if (jobs[kind] === id) {
      delete jobs[kind];
      document.getElementById(`${kind}-job`).hidden = true;
      document.getElementById(kind).disabled = !valid;
    }
  }

  function gamesOf(id) {
    const box = document.getElementById(id);
    const games = Number(box ? box.value : NaN);
    return Number.isInteger(games) ? games : box ? box.value : undefined;
  }

  document.getElementById("check").addEventListener("click", () => {
    // the players, strong play and games are the variant's own [check] values
    checkEach = slowSeconds();
    startJob("check", {
      variant: payload(),
      games: gamesOf("f-check-games"),
      force: document.getElementById("check-force").checked,
    });
  });
  document.getElementById("sweep").addEventListener("click", () => {
    const sets = ["sweep-set-1", "sweep-set-2"]
      .map((id) => document.getElementById(id).value.trim())
      .filter((value) => value);
    startJob("sweep", {
      variant: payload(),
      games: gamesOf("sweep-games"),
      sets: sets,
      force: document.getElementById("sweep-force").checked,
    });
  });
  document.getElementById("build").addEventListener("click", () => {
    startJob("build", { variant: payload(), force: document.getElementById("build-force").checked });
  });
  for (const button of document.querySelectorAll("button.cancel")) {
    button.addEventListener("click", () => {
      const id = jobs[button.dataset.job];
      if (id) fetch(`/jobs/${id}/cancel`, { method: "POST" });
    });
  }
  window.addEventListener("pagehide", () => {
    for (const id of Object.values(jobs)) navigator.sendBeacon(`/jobs/${id}/cancel`);
  });

  schedule();
})();
