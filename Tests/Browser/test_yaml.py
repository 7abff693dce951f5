"""YAML pages: manifests, a workflow and an OpenAPI spec, shown as written, folded as
their keys nest, and searched like any page."""

from selenium.webdriver.common.by import By

from test_browser import keep_screenshot, load, summary
from test_ci_reports import summaries
from test_lazy import (
    assert_pieces_rebuild_the_plain_page, content_after_summary, own_text, search, wait_for)


def test_manifests_open_at_the_containers_asked_for(browser, render):
    page = render("yaml-manifests", [
        "-s", "--collapse-all", "-e", "Deployment web/spec/template/spec/containers",
        "Samples/yaml/deploy.yaml"])
    load(browser, page)
    # Each document by its kind and name, as Kubernetes names its objects.
    assert summaries(browser, True) == [
        "Deployment web", "spec", "template", "spec", "containers"]
    closed = summaries(browser, False)
    for title in ["Namespace shop", "ConfigMap web-settings", "Service web", "Ingress web",
                  "web", "log-shipper", "metadata", "selector"]:
        assert title in closed
    # The document's own comment shows as written; an anchor in a closed section does not.
    comment = browser.find_element(By.XPATH, "//pre[contains(., '# The web tier')]")
    assert comment.is_displayed()
    anchor = browser.find_element(By.XPATH, "//pre[contains(., 'labels: &labels')]")
    assert not anchor.is_displayed()
    # What an open section holds is its lines, with their own indent.
    lines = browser.find_element(By.XPATH, "//pre[contains(., 'replicas: 3')]")
    assert lines.is_displayed()
    assert lines.text.splitlines()[0] == "replicas: 3"
    keep_screenshot(browser, "yaml-manifests")


def test_search_finds_a_line_of_a_closed_section(browser, render):
    page = render("yaml-search", ["-s", "--collapse-all", "Samples/yaml/openapi.yaml"])
    load(browser, page)
    results = search(browser, "showPetById")
    assert results == [["#get-1", "paths › /pets/{petId} › get", "showPetById"]]


def manifests(count):
    """A stream of `count` Deployments, a document each, with a comment, an anchor, quoted
    values and an env list: over 1 MiB, so that its page is lazy, from 3,000 on."""
    return "".join(f"""---
# deployment {number}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-{number}
  labels: &labels
    app: web-{number}
spec:
  replicas: {number % 5}
  template:
    metadata:
      labels: *labels
    spec:
      containers:
        - name: app
          image: "registry.example/web:{number}"
          env:
            - name: MODE
              value: 'blue'
""" for number in range(count))


def test_lazy_yaml_pieces_rebuild_the_plain_page(render):
    assert_pieces_rebuild_the_plain_page(render, "yaml-lazy", "yaml", manifests(4000))


def test_opening_a_document_of_a_lazy_page_lays_out_its_lines(browser, render):
    text = manifests(4000)
    arguments = ["-s", "--collapse-all", "-f", "yaml", "-"]
    lazy = render("yaml-lazy-closed", arguments, text)
    plain = render("yaml-lazy-closed-plain", ["--lazy=never", *arguments], text)
    load(browser, lazy)
    documents = browser.execute_script(
        "return [...document.querySelectorAll('main > details')].map(d => d.id)")
    # Those far down are laid out as they are scrolled to.
    assert 20 < len(documents) < 4000
    chosen = documents[len(documents) // 2]
    number = chosen.removeprefix("deployment-web-")
    assert summary(browser, chosen).text.startswith(f"Deployment web-{number}")
    assert 'class="lazy"' in content_after_summary(browser, chosen)
    summary(browser, chosen).click()
    laid_out = wait_for(
        browser, """const s = document.getElementById(arguments[0]);
        if (s.querySelector(':scope > .lazy')) return null;
        return s.querySelector(':scope > pre')?.textContent;""", chosen)
    # The document's own lines as written, its comment and its `---` among them.
    assert laid_out.splitlines() == [
        "---", f"# deployment {number}", "apiVersion: apps/v1", "kind: Deployment"]
    load(browser, plain)
    summary(browser, chosen).click()
    assert own_text(browser, chosen) == laid_out
