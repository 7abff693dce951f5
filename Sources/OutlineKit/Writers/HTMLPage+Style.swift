extension HTMLPage {
  /// The page's style sheet.
  ///
  /// Sections look like the rows of a grouped list: each top-level section is a card, a
  /// title row is at least 44 pixels high with a chevron at its end that turns a quarter
  /// when the section opens, and each level is indented a step further, its separator
  /// starting where its title does. `<summary>` stays a native control, so keyboard and
  /// screen readers work as with any `<details>`.
  static let styleSheet = """
    :root {
      --page: #f2f2f7;
      --card: #ffffff;
      --text: #1c1c1e;
      --muted: #5f5f66;
      --rule: #d1d1d6;
      --hover: #e9e9ee;
      --code: #eeeef3;
      --link: #0a58c2;
      --focus: #0a66d8;
      --string: #1a7434;
      --number: #0b4fa3;
      --boolean: #8a2fb5;
      --alert-note: #0969da;
      --alert-tip: #1a7f37;
      --alert-important: #8250df;
      --alert-warning: #9a6700;
      --alert-caution: #d1242f;
      --mark: #fff0a0;
      --shadow: 0 1px 2px rgba(0, 0, 0, 0.08);
      --pad: 0.75rem;
      --indent: 1.25rem;
      --content: 2rem;
      --mono: ui-monospace, "SF Mono", SFMono-Regular, Menlo, Consolas, "Liberation Mono",
        "DejaVu Sans Mono", monospace;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --page: #0f0f11;
        --card: #1c1c1f;
        --text: #ececf1;
        --muted: #a2a2ab;
        --rule: #3a3a3f;
        --hover: #2a2a2f;
        --code: #2a2a2f;
        --link: #6cb2ff;
        --focus: #6cb2ff;
        --string: #7fd490;
        --number: #7cbcff;
        --boolean: #d7a6ff;
        --alert-note: #4493f8;
        --alert-tip: #3fb950;
        --alert-important: #ab7df8;
        --alert-warning: #d29922;
        --alert-caution: #f85149;
      --mark: #6b5a00;
        --shadow: none;
      }
    }
    *, *::before, *::after { box-sizing: border-box; }
    body {
      margin: 0;
      background: var(--page);
      color: var(--text);
      font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans",
        "Helvetica Neue", Arial, sans-serif;
      overflow-wrap: break-word;
    }
    .page-header, .toc, main { max-width: 60rem; margin: 0 auto; padding: 0 1rem; }
    .page-header {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem 1rem;
      padding-top: 1.25rem;
      padding-bottom: 0.5rem;
    }
    .page-header h1 { flex: 1 1 16rem; margin: 0; font-size: 1.5rem; line-height: 1.25; }
    .controls { display: flex; flex: 1 1 24rem; flex-wrap: wrap; gap: 0.5rem; }
    .controls[hidden] { display: none; }
    .search { flex: 1 1 10rem; min-width: 0; padding: 0.375rem 0.75rem; }
    .search-results {
      flex: 1 1 100%;
      max-height: 60vh;
      overflow-y: auto;
      border-radius: 0.75rem;
      background: var(--card);
      box-shadow: var(--shadow);
    }
    .search-results[hidden] { display: none; }
    .search-results ol { margin: 0; padding: 0 0 0.25rem; list-style: none; }
    .search-results a {
      display: block;
      min-height: 2.75rem;
      padding: 0.5rem var(--pad);
      color: var(--text);
      text-decoration: none;
    }
    .search-results a:hover, .search-results a:focus { background: var(--hover); }
    .search-results .path { display: block; font-weight: 600; }
    .search-results .snippet { display: block; color: var(--muted); font-size: 0.875rem; }
    .search-status { margin: 0; padding: 0.5rem var(--pad); color: var(--muted); font-size: 0.875rem; }
    mark { background: var(--mark); color: inherit; }
    .lazy { min-height: 1px; }
    .lazy.gap { padding: 0.25rem var(--pad); }
    button, .search {
      min-height: 2.75rem;
      border: 1px solid var(--rule);
      border-radius: 0.625rem;
      background: var(--card);
      color: var(--text);
      font: inherit;
    }
    button { padding: 0.375rem 0.875rem; font-size: 0.9375rem; cursor: pointer; }
    button:hover { background: var(--hover); }
    :focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
    main { padding-bottom: 3rem; }
    main > details, .toc > details {
      margin: 0.75rem 0;
      border-radius: 0.75rem;
      background: var(--card);
      box-shadow: var(--shadow);
    }
    details { scroll-margin-top: 1rem; }
    summary {
      display: block;
      position: relative;
      min-height: 2.75rem;
      padding: 0.625rem 2.75rem 0.625rem var(--pad);
      border-radius: 0.5rem;
      list-style: none;
      font-weight: 600;
      cursor: pointer;
    }
    summary::-webkit-details-marker { display: none; }
    summary:hover { background: var(--hover); }
    summary:focus-visible { outline-offset: -2px; }
    summary::after {
      content: "";
      position: absolute;
      top: 50%;
      right: 1.125rem;
      width: 0.5rem;
      height: 0.5rem;
      margin-top: -0.3125rem;
      border: solid var(--muted);
      border-width: 0 2px 2px 0;
      transform: rotate(-45deg);
      transition: transform 0.2s ease;
    }
    details[open] > summary::after { transform: rotate(45deg); }
    main > details > summary { font-size: 1.0625rem; }
    main details details > summary { font-weight: 500; }
    summary > h1 { display: inline; font-size: 1.5rem; margin: 0; }
    summary .hidden, summary .held {
      margin-left: 0.375rem;
      color: var(--muted);
      font-size: 0.875rem;
      font-weight: 400;
      white-space: nowrap;
    }
    details[open] > summary > .hidden { display: none; }
    details[open] > summary > h1 > .hidden { display: none; }
    .footnotes { font-size: 0.875rem; border-top: 1px solid var(--rule); margin-top: 1rem; }
    .sr-only {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
    details details { margin-left: var(--indent); border-top: 1px solid var(--rule); }
    details > :not(summary):not(details) {
      margin-left: var(--content);
      margin-right: var(--pad);
    }
    main > details > :last-child:not(summary) { margin-bottom: 0; }
    main > details { padding-bottom: 0.25rem; }
    p, ul, ol, pre, blockquote, table, dl { margin-top: 0.25rem; margin-bottom: 0.75rem; }
    ul, ol { padding-left: 1.5rem; }
    main > :not(details) { margin-left: 0.25rem; margin-right: 0.25rem; }
    a { color: var(--link); }
    code, kbd, pre { font-family: var(--mono); font-size: 0.875em; }
    :not(pre) > code { padding: 0.1em 0.35em; border-radius: 0.3em; background: var(--code); }
    pre {
      padding: 0.75rem;
      border-radius: 0.5rem;
      background: var(--code);
      line-height: 1.45;
      overflow-x: auto;
    }
    pre code { font-size: inherit; }
    ul.members { padding: 0; list-style: none; font-family: var(--mono); font-size: 0.875rem; }
    ul.members li { padding: 0.125rem 0; }
    .members .key { color: var(--muted); }
    .members code { padding: 0; background: none; font-size: inherit; word-break: break-all; }
    code.string { color: var(--string); }
    code.number { color: var(--number); }
    code.boolean { color: var(--boolean); }
    code.null, code.empty { color: var(--muted); }
    blockquote { padding-left: 0.75rem; border-left: 3px solid var(--rule); color: var(--muted); }
    table { display: block; max-width: 100%; overflow-x: auto; border-collapse: collapse; }
    th, td { padding: 0.375rem 0.625rem; border: 1px solid var(--rule); }
    img { max-width: 100%; height: auto; }
    hr { border: 0; border-top: 1px solid var(--rule); }
    .remote-image { padding: 0 0.25rem; border: 1px dashed var(--rule); border-radius: 0.25rem; }
    .remote-url {
      display: inline-block;
      max-width: 14em;
      overflow: hidden;
      color: var(--muted);
      font-size: 0.8125em;
      text-overflow: ellipsis;
      white-space: nowrap;
      vertical-align: bottom;
    }
    @media (prefers-color-scheme: dark) { img[src$="#gh-light-mode-only"] { display: none; } }
    @media (prefers-color-scheme: light) { img[src$="#gh-dark-mode-only"] { display: none; } }
    kbd {
      padding: 0.1em 0.4em;
      border: 1px solid var(--rule);
      border-bottom-width: 2px;
      border-radius: 0.3em;
      background: var(--code);
    }
    summary { clear: both; }
    details.content {
      margin: 0.25rem var(--pad) 0.75rem var(--content);
      border: 0;
    }
    details.content > summary { min-height: 0; padding: 0; font-weight: inherit; }
    details.content > summary::after { content: none; }
    details.content > summary::before { content: "▸ "; }
    details.content[open] > summary::before { content: "▾ "; }
    details.content > :not(summary) { margin-left: 1rem; margin-right: 0; }
    .markdown-alert {
      --alert: var(--alert-note);
      margin-top: 0.25rem;
      margin-bottom: 0.75rem;
      padding: 0.25rem 1rem;
      border-left: 0.25rem solid var(--alert);
    }
    .markdown-alert > :last-child { margin-bottom: 0; }
    .markdown-alert-title { margin-bottom: 0.25rem; color: var(--alert); font-weight: 600; }
    .markdown-alert-tip { --alert: var(--alert-tip); }
    .markdown-alert-important { --alert: var(--alert-important); }
    .markdown-alert-warning { --alert: var(--alert-warning); }
    .markdown-alert-caution { --alert: var(--alert-caution); }
    :target > summary { box-shadow: inset 3px 0 0 var(--link); }
    .toc ol { margin: 0; padding-left: var(--indent); list-style: none; }
    .toc > details > ol { padding: 0 var(--pad) 0.5rem; }
    .toc a { display: inline-block; padding: 0.25rem 0; text-decoration: none; }
    .toc a:hover { text-decoration: underline; }
    @media (max-width: 40rem) {
      :root { --pad: 0.625rem; --indent: 0.875rem; --content: 1.5rem; }
      .page-header, .toc, main { padding: 0 0.5rem; }
      .page-header { padding-top: 0.75rem; }
      .page-header h1 { font-size: 1.25rem; }
      /* The search field takes a row of its own, the two buttons the next. */
      .search { flex-basis: 100%; }
      /* Past six levels a level indents by a sliver, so that deep content keeps the width. */
      details details details details details details details { --indent: 0.125rem; }
    }
    @media (prefers-reduced-motion: reduce) {
      summary::after { transition: none; }
    }
    @media print {
      :root {
        --page: #ffffff;
        --card: #ffffff;
        --text: #000000;
        --muted: #444444;
        --rule: #c8c8cc;
        --code: #f2f2f2;
        --link: #0a58c2;
        --string: #1a7434;
        --number: #0b4fa3;
        --boolean: #8a2fb5;
        --shadow: none;
      }
      .controls, .search-results { display: none; }
      main > details { border: 1px solid var(--rule); }
      summary::after { display: none; }
      pre { white-space: pre-wrap; }
    }

    """
}
