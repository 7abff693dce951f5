"""YAML pages: manifests, a workflow and an OpenAPI spec, shown as written, folded as
their keys nest, and searched like any page."""

from selenium.webdriver.common.by import By

from test_browser import keep_screenshot, load
from test_ci_reports import summaries
from test_lazy import search


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
