(function () {
  "use strict";
  var main = document.querySelector("main");
  var decoder = new TextDecoder();

  /* A lazy page keeps sections' bodies aside, in pieces deflated in chunks; a
     placeholder, <div class="lazy" data-piece="N">, stands where each goes. */
  var tableElement = document.getElementById("collapse-pieces");
  var table = tableElement ? JSON.parse(tableElement.textContent) : null;
  var chunkElements = document.querySelectorAll("script.collapse-chunk");
  var chunks = [];
  var inflating = [];
  var allOpen = false;

  function bytesOf(element) {
    var text = element.textContent;
    if (Uint8Array.fromBase64) return Uint8Array.fromBase64(text);
    var binary = atob(text);
    var bytes = new Uint8Array(binary.length);
    for (var index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    return bytes;
  }
  function inflated(element) {
    var bytes = bytesOf(element);
    if (element.type !== "application/x-collapse-zlib") return Promise.resolve(bytes);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).arrayBuffer().then(function (buffer) {
      return new Uint8Array(buffer);
    });
  }
  function chunk(number) {
    if (!inflating[number]) {
      inflating[number] = inflated(chunkElements[number]).then(function (bytes) {
        chunks[number] = bytes;
      });
    }
    return inflating[number];
  }
  var everything = null;
  function inflateAll() {
    if (!everything) {
      everything = Array.prototype.reduce.call(chunkElements, function (previous, element, number) {
        return previous.then(function () {
          return chunk(number);
        });
      }, Promise.resolve());
    }
    return everything;
  }
  /* A placeholder is filled when it comes within 1500 pixels of the window, above or
     below it. One above the window (or in it, and above it when it was asked for) grows
     upward: what the reader looks at stays where it was (see `place`). Every placeholder near the
     window is filled as soon as it is reported, since the observer reports it only once. */
  var rising = new WeakSet();
  var observer = table && new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (!entry.isIntersecting) return;
      if (entry.boundingClientRect.top < 0) rising.add(entry.target);
      fill(entry.target);
    });
  }, { rootMargin: "1500px 0px 1500px 0px" });
  /* A placeholder is never what the browser keeps in place as it lays out: it goes. (Set
     here, not in the style sheet, whose checkers do not know the property yet.) */
  function watch(holders) {
    holders.forEach(function (holder) {
      holder.style.overflowAnchor = "none";
      if (observer) observer.observe(holder);
    });
  }
  var placed = new Set();
  /* The piece's HTML, if its chunk is inflated. */
  function fragmentOf(piece) {
    var bytes = chunks[table[4 * piece]];
    if (!bytes) return null;
    var start = table[4 * piece + 1];
    var template = document.createElement("template");
    template.innerHTML = decoder.decode(bytes.subarray(start, start + table[4 * piece + 2]));
    var fragment = template.content;
    if (allOpen) fragment.querySelectorAll("details").forEach(function (section) {
      section.open = true;
    });
    watch(fragment.querySelectorAll("div.lazy"));
    placed.add(piece);
    return fragment;
  }
  /* The element right after the node, out of it: it moves as far as anything after the
     node does when the node grows. */
  function following(node) {
    for (; node && node !== main; node = node.parentElement) {
      if (node.nextElementSibling) return node.nextElementSibling;
    }
    return null;
  }
  /* Puts the piece in its placeholder's place, if its chunk is inflated; a placeholder
     of a piece laid out already goes. The next part of a gap is a gap too. What the reader
     looks at stays where it was: what a link or a search scrolled to goes back where it
     was scrolled to, while it is pinned; else, when the piece goes in above the window or
     grows upward, what comes after it stays. The browser's scroll anchoring keeps that in
     place already, unless it anchored on what comes before the placeholder. Unless `many`:
     then the caller keeps it in place, once for all it lays out. */
  function place(holder, many) {
    var piece = +holder.getAttribute("data-piece");
    var fragment = placed.has(piece) ? document.createDocumentFragment() : fragmentOf(piece);
    if (!fragment) return false;
    observer.unobserve(holder);
    if (holder.classList.contains("gap")) holders(fragment).forEach(makeGap);
    if (many) {
      holder.replaceWith(fragment);
      return true;
    }
    var at = holder.getBoundingClientRect().top;
    var upward = at < 0 || (rising.has(holder) && at < window.innerHeight);
    var anchor = !pinned && upward ? following(holder) : null;
    var top = anchor && anchor.getBoundingClientRect().top;
    holder.replaceWith(fragment);
    if (pinned) {
      pinned.element.scrollIntoView({ block: pinned.block });
    } else if (anchor) {
      var moved = anchor.getBoundingClientRect().top - top;
      if (moved) window.scrollBy({ top: moved, behavior: "instant" });
    }
    return true;
  }
  /* What a link or a search scrolled to stays in sight while the parts around it are laid
     out, until the reader scrolls. */
  var pinned = null;
  function pin(element, block) {
    element.scrollIntoView({ block: block });
    pinned = table ? { element: element, block: block } : null;
  }
  ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (kind) {
    window.addEventListener(kind, function () { pinned = null; }, { passive: true, capture: true });
  });
  /* A gap stands for the parts of a body before one laid out out of turn, for a link or
     a search: it waits for a click rather than fill itself and move what is in sight. */
  function makeGap(holder) {
    observer.unobserve(holder);
    holder.classList.add("gap");
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = "Show the part before";
    holder.replaceChildren(button);
  }
  function fill(holder) {
    if (!holder.isConnected || place(holder)) return Promise.resolve();
    return chunk(table[4 * +holder.getAttribute("data-piece")]).then(function () {
      if (holder.isConnected) place(holder);
    });
  }
  /* Fills the placeholders of a section's body, one after the other, until `done`. */
  function fillUntil(container, done) {
    if (!container || done()) return Promise.resolve();
    var holder = container.querySelector(":scope > div.lazy");
    if (!holder) return Promise.resolve();
    return fill(holder).then(function () {
      return fillUntil(container, done);
    });
  }
  /* The placeholders right inside a section (or a fragment): the parts of its body. */
  function holders(container) {
    return Array.prototype.filter.call(container.children, function (child) {
      return child.classList.contains("lazy");
    });
  }
  /* Lays out the piece: in its placeholder's place, or, when the parts of the body
     before it are not laid out, right after the last of them that is. */
  function layOutPiece(piece) {
    if (placed.has(piece)) return Promise.resolve();
    var selector = 'div.lazy[data-piece="' + piece + '"]';
    var holder = document.querySelector(selector);
    if (holder) return fill(holder);
    var owner = table[4 * piece + 3];
    return layOutSection(owner).then(function () {
      return chunk(table[4 * piece]);
    }).then(function () {
      var holder = document.querySelector(selector);
      if (holder) return fill(holder);
      var container = owner < 0 ? main : document.getElementById(records.list[owner + 1][1]);
      var before = container && holders(container).filter(function (holder) {
        return +holder.getAttribute("data-piece") < piece;
      }).pop();
      if (!before || placed.has(piece)) return;
      makeGap(before);
      before.after(fragmentOf(piece));
    });
  }
  /* Lays out the summary of the section at `index`, and what holds it. */
  function layOutSection(index) {
    if (index < 0 || document.getElementById(records.list[index + 1][1])) return Promise.resolve();
    var piece = records.list[index + 1][3];
    return piece < 0 ? Promise.resolve() : layOutPiece(piece);
  }
  /* Lays out, at once, every piece already inflated, for printing; what is in the middle
     of the window stays there. */
  function placeAll() {
    var anchor = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
    var top = anchor && anchor.getBoundingClientRect().top;
    var placed = true;
    while (placed) {
      placed = false;
      document.querySelectorAll("div.lazy").forEach(function (holder) {
        if (holder.isConnected && place(holder, true)) placed = true;
      });
    }
    if (anchor && anchor.isConnected) {
      window.scrollBy({ top: anchor.getBoundingClientRect().top - top, behavior: "instant" });
    }
  }
  if (table) {
    watch(document.querySelectorAll("div.lazy"));
    window.addEventListener("load", function () {
      setTimeout(inflateAll, 500);
    });
  }

  /* What the search looks through: for the document and each section, its parent's
     record, its id, its title and the text of its content. */
  var recordList = null;
  var records = null;
  function ownText(element) {
    var text = "";
    element.childNodes.forEach(function (child) {
      if (child.nodeName !== "SUMMARY" && !isSection(child)) text += child.textContent + "\n";
    });
    return text;
  }
  function isSection(node) {
    return node.nodeName === "DETAILS" && node.id !== "" && node.id.indexOf("user-content-") !== 0;
  }
  /* A summary's title, without what is said beside it: its counts and a test's outcome. */
  function titleOf(summary) {
    var copy = summary.cloneNode(true);
    copy.querySelectorAll(".hidden, .held, .outcome").forEach(function (aside) { aside.remove(); });
    return copy.textContent;
  }
  /* The records of a page that is not lazy, read from its sections, with their texts. */
  function recordsOfPage() {
    var list = [[-1, "", document.title, -1]];
    var texts = [ownText(main)];
    var numbers = new Map();
    main.querySelectorAll("details").forEach(function (section) {
      if (!isSection(section)) return;
      var parent = section.parentElement.closest("details");
      var summary = section.querySelector(":scope > summary");
      numbers.set(section, list.length);
      list.push([numbers.get(parent) || 0, section.id, summary ? titleOf(summary) : "", -1]);
      texts.push(ownText(section));
    });
    return { list: list, texts: texts };
  }
  function folded(text) {
    return text.replace(/\s+/g, " ").trim();
  }
  function readJSON(id) {
    return inflated(document.getElementById(id)).then(function (bytes) {
      return JSON.parse(decoder.decode(bytes));
    });
  }
  /* The records: for the document and each section, its parent's record, its id, its
     title and the piece that holds its summary; by id. */
  function loadRecords() {
    if (!recordList) {
      var read = table
        ? readJSON("collapse-sections").then(function (list) { return { list: list, texts: null }; })
        : Promise.resolve(recordsOfPage());
      recordList = read.then(function (read) {
        var byId = new Map();
        read.list.forEach(function (record, number) {
          record[2] = folded(record[2]);
          if (number > 0) byId.set(record[1], number);
        });
        records = { list: read.list, texts: read.texts, byId: byId };
        return records;
      });
    }
    return recordList;
  }
  /* The records with what a search compares: each title and text folded and in lower case. */
  var searchable = null;
  function loadSearchable() {
    if (!searchable) {
      searchable = loadRecords().then(function (records) {
        return records.texts || readJSON("collapse-texts");
      }).then(function (texts) {
        texts = texts.map(folded);
        return {
          records: records,
          texts: texts,
          titles: records.list.map(function (record) { return record[2].toLowerCase(); }),
          lowerTexts: texts.map(function (text) { return text.toLowerCase(); })
        };
      });
    }
    return searchable;
  }

  function idFrom(fragment) {
    try {
      return decodeURIComponent(fragment);
    } catch (error) {
      return fragment;
    }
  }
  function find(id) {
    return id && (document.getElementById(id) || document.getElementById("user-content-" + id));
  }
  function show(target, scroll) {
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS") node.open = true;
    }
    if (scroll) pin(target, "start");
  }
  function attribute(text) {
    return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }
  /* The piece whose HTML holds an element with the id, among the inflated chunks. */
  function pieceHolding(id) {
    var needle = 'id="' + attribute(id) + '"';
    for (var number = 0; number < chunks.length; number++) {
      var text = decoder.decode(chunks[number]);
      var at = text.indexOf(needle);
      if (at < 0) continue;
      var offset = new TextEncoder().encode(text.slice(0, at)).length;
      for (var piece = 0; piece < table.length / 4; piece++) {
        var start = table[4 * piece + 1];
        if (table[4 * piece] === number && start <= offset && offset < start + table[4 * piece + 2]) {
          return piece;
        }
      }
    }
    return -1;
  }
  /* Lays out what holds the id, on a lazy page. */
  function layOut(id) {
    return loadRecords().then(function (records) {
      var number = records.byId.get(id) || records.byId.get("user-content-" + id);
      if (number) return layOutSection(number - 1);
      return inflateAll().then(function () {
        var piece = pieceHolding(id);
        if (piece < 0) piece = pieceHolding("user-content-" + id);
        if (piece >= 0) return layOutPiece(piece);
      });
    });
  }
  /* Opens the section or element with the id, and its ancestors. */
  function reveal(id, scroll) {
    var target = find(id);
    if (target || !table || !id) {
      if (target) show(target, scroll);
      return Promise.resolve(target);
    }
    return layOut(id).then(function () {
      var found = find(id);
      if (found) show(found, true);
      return found;
    });
  }
  function revealHash() {
    reveal(idFrom(location.hash.slice(1)), true);
  }
  /* The part before goes in above what follows the gap, which stays in sight. */
  document.addEventListener("click", function (event) {
    var gap = event.target.closest && event.target.closest("div.gap");
    if (!gap) return;
    rising.add(gap);
    fill(gap);
  });
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href^='#']");
    if (!link || link.closest(".search-results")) return;
    var id = idFrom(link.getAttribute("href").slice(1));
    if (id && !find(id) && table) {
      event.preventDefault();
      history.pushState(null, "", link.getAttribute("href"));
      reveal(id, true);
    } else {
      reveal(id, false);
    }
  });
  window.addEventListener("hashchange", revealHash);

  /* The end of what shows below the section at `index` (-1 for the document): the end of
     its last subsection, if it is open, else the last part of its body. */
  function layOutEnd(index) {
    return layOutSection(index).then(function () {
      var section = index < 0 ? main : document.getElementById(records.list[index + 1][1]);
      if (!section || (index >= 0 && !section.open)) return;
      var last = -1;
      records.list.forEach(function (record, number) {
        if (number > 0 && record[0] === index + 1) last = number - 1;
      });
      if (last >= 0) return layOutEnd(last);
      var end = -1;
      for (var piece = 0; piece < table.length / 4; piece++) {
        if (table[4 * piece + 3] === index) end = piece;
      }
      if (end >= 0) return layOutPiece(end);
    });
  }
  /* Home and End go to the start and the end of the document, the end laid out first: the
     browser's End would stop at the end of what is laid out so far, and its Home, which
     moves on its way past what is laid out above, would stop short of the start, as far
     as that moved it. The end stays in sight while what is in sight above it is laid out,
     until the reader scrolls. */
  if (table) {
    document.addEventListener("keydown", function (event) {
      if ((event.key !== "Home" && event.key !== "End") || event.defaultPrevented
        || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
      var active = document.activeElement;
      if (active && (active.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName))) return;
      event.preventDefault();
      if (event.key === "Home") {
        window.scrollTo({ top: 0, behavior: "instant" });
        return;
      }
      loadRecords().then(function () {
        return layOutEnd(-1);
      }).then(function () {
        pin(document.body, "end");
      });
    });
  }

  var controls = document.querySelector(".controls");
  if (controls) {
    controls.hidden = false;
    controls.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-open]");
      if (!button) return;
      var open = button.getAttribute("data-open") === "true";
      allOpen = open;
      document.querySelectorAll("main details").forEach(function (section) {
        section.open = open;
      });
    });
  }

  /* Search: titles and content, laid out or not. "/" comes to the field; Enter opens
     the first match, the arrows go through the list, Escape leaves it. */
  var field = document.querySelector(".search");
  var results = document.getElementById("search-results");
  var shown = [];
  var query = "";
  var limit = 50;
  function path(records, number) {
    var titles = [];
    for (var step = number; step > 0; step = records.list[step][0]) titles.unshift(records.list[step][2] || "(untitled)");
    return titles.length ? titles.join(" › ") : document.title;
  }
  function snippet(text, at, length) {
    var start = Math.max(0, at - 40);
    var end = Math.min(text.length, at + length + 60);
    var item = document.createElement("span");
    item.className = "snippet";
    item.append((start > 0 ? "…" : "") + text.slice(start, at));
    var mark = document.createElement("mark");
    mark.textContent = text.slice(at, at + length);
    item.append(mark, text.slice(at + length, end) + (end < text.length ? "…" : ""));
    return item;
  }
  function search() {
    var wanted = folded(field.value).toLowerCase();
    query = wanted;
    if (!wanted) {
      results.hidden = true;
      results.replaceChildren();
      shown = [];
      return;
    }
    loadSearchable().then(function (searchable) {
      if (query !== wanted) return;
      var records = searchable.records;
      var list = document.createElement("ol");
      var count = 0;
      shown = [];
      records.list.forEach(function (record, number) {
        var inTitle = searchable.titles[number].indexOf(wanted);
        var inText = inTitle < 0 ? searchable.lowerTexts[number].indexOf(wanted) : -1;
        if (inTitle < 0 && inText < 0) return;
        count += 1;
        if (shown.length >= limit) return;
        var link = document.createElement("a");
        link.href = "#" + record[1];
        var where = document.createElement("span");
        where.className = "path";
        where.textContent = path(records, number);
        link.append(where);
        if (inText >= 0) link.append(snippet(searchable.texts[number], inText, wanted.length));
        var item = document.createElement("li");
        item.append(link);
        list.append(item);
        shown.push({ id: record[1], link: link });
      });
      var status = document.createElement("p");
      status.className = "search-status";
      status.setAttribute("role", "status");
      status.textContent = count === 0 ? "No section holds “" + field.value.trim() + "”."
        : (count === 1 ? "1 section matches" : count + " sections match")
          + (count > shown.length ? "; the first " + shown.length + " are listed." : ".");
      results.replaceChildren(status, list);
      results.setAttribute("aria-label", "Sections that hold “" + field.value.trim() + "”");
      results.hidden = false;
    });
  }
  /* Marks the first place in the section's own title or content that holds the query,
     which may run across elements: coloured code is a span for each word. */
  function highlight(section) {
    if (!window.CSS || !CSS.highlights || !query) return null;
    var walker = document.createTreeWalker(section, NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        for (var up = node.parentElement; up && up !== section; up = up.parentElement) {
          if (isSection(up) || up.classList.contains("hidden")) return NodeFilter.FILTER_REJECT;
        }
        return NodeFilter.FILTER_ACCEPT;
      }
    });
    var nodes = [];
    var starts = [];
    var text = "";
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push(node);
      starts.push(text.length);
      text += node.data.toLowerCase();
    }
    var at = text.indexOf(query);
    if (at < 0) return null;
    /* The text node that holds the character at `offset` of `text`, and where in it. */
    function place(offset) {
      var low = 0;
      var high = nodes.length - 1;
      while (low < high) {
        var middle = (low + high + 1) >> 1;
        if (starts[middle] <= offset) low = middle;
        else high = middle - 1;
      }
      /* Lower case may be longer than the text (İ), so an offset is kept within it. */
      return [nodes[low], Math.min(offset - starts[low], nodes[low].length - 1)];
    }
    var start = place(at);
    var end = place(at + query.length - 1);
    var range = document.createRange();
    range.setStart(start[0], start[1]);
    range.setEnd(end[0], end[1] + 1);
    CSS.highlights.set("search", new Highlight(range));
    markedIn = section;
    return start[0].parentElement;
  }
  /* Code coloured after its section was searched has new text nodes: the mark is placed
     again. */
  var markedIn = null;
  document.addEventListener("coloured", function (event) {
    if (markedIn && markedIn.contains(event.target)) highlight(markedIn);
  });
  function choose(entry) {
    results.hidden = true;
    if (!entry.id) {
      main.scrollIntoView();
      return;
    }
    history.pushState(null, "", "#" + encodeURIComponent(entry.id));
    reveal(entry.id, true).then(function (section) {
      if (!section) return;
      fillUntil(section, function () { return highlight(section); }).then(function () {
        var place = highlight(section);
        pin(place || section, place ? "center" : "start");
      });
    });
  }
  if (field && results) {
    /* The rule that marks a match is added here: the HTML checker's CSS parser does not know it. */
    try {
      document.styleSheets[0].insertRule(
        "::highlight(search) { background: var(--mark); color: var(--text); }");
    } catch (error) {
      /* A browser without highlights shows the section without the mark. */
    }
    var waiting = null;
    field.addEventListener("input", function () {
      clearTimeout(waiting);
      waiting = setTimeout(search, 120);
    });
    field.addEventListener("focus", function () {
      if (shown.length || query) results.hidden = !query;
    });
    field.addEventListener("keydown", function (event) {
      if (event.key === "Enter") {
        event.preventDefault();
        clearTimeout(waiting);
        if (folded(field.value).toLowerCase() !== query) {
          search();
          loadSearchable().then(function () {
            setTimeout(function () { if (shown.length) choose(shown[0]); }, 0);
          });
        } else if (shown.length) {
          choose(shown[0]);
        }
      } else if (event.key === "ArrowDown" && shown.length) {
        event.preventDefault();
        shown[0].link.focus();
      } else if (event.key === "Escape") {
        if (field.value) field.value = "";
        else field.blur();
        search();
      }
    });
    results.addEventListener("click", function (event) {
      var link = event.target.closest("a");
      if (!link) return;
      event.preventDefault();
      shown.forEach(function (entry) { if (entry.link === link) choose(entry); });
    });
    results.addEventListener("keydown", function (event) {
      var at = shown.findIndex(function (entry) { return entry.link === document.activeElement; });
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        var next = at + (event.key === "ArrowDown" ? 1 : -1);
        if (next < 0) field.focus();
        else if (next < shown.length) shown[next].link.focus();
      } else if (event.key === "Escape") {
        field.focus();
      }
    });
    document.addEventListener("keydown", function (event) {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      var active = document.activeElement;
      if (active && (active.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName))) return;
      event.preventDefault();
      field.focus();
      field.select();
    });
  }

  var openedForPrint = [];
  window.addEventListener("beforeprint", function () {
    if (table) placeAll();
    document.querySelectorAll("details:not([open])").forEach(function (section) {
      section.open = true;
      openedForPrint.push(section);
    });
  });
  window.addEventListener("afterprint", function () {
    openedForPrint.forEach(function (section) {
      section.open = false;
    });
    openedForPrint = [];
  });

  revealHash();
})();
