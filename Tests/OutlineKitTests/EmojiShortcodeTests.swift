import Testing

@testable import OutlineKit

@Suite("emoji shortcodes")
struct EmojiShortcodeTests {
  @Test(
    "each shortcode of GitHub's list becomes its emoji, read from the left",
    arguments: [
      (":tada: shipped", "🎉 shipped"),
      ("done :white_check_mark:", "done ✅"),
      (":+1: and :-1:", "👍 and 👎"),
      // Aliases of gemoji's list, and an emoji written with its variation selector.
      (":thumbsup: :shipit: :relaxed:", "👍 :shipit: ☺️"),
      ("a:smile:b", "a😄b"),
      (":smile::smile:", "😄😄"),
      // A code's closing colon may open the next; an unknown name is left as written.
      (":nope:tada:", ":nope🎉"),
      (":Tada: :tada :not_an_emoji: :: :", ":Tada: :tada :not_an_emoji: :: :"),
      ("https://example.org:8080/", "https://example.org:8080/"),
    ])
  func replaced(_ text: String, _ expected: String) {
    #expect(EmojiShortcodes.replacing(in: text) == expected)
  }

  @Test("the list is gemoji's, whole, and its longest name bounds the scan")
  func table() {
    let emoji = EmojiShortcodes.emoji
    #expect(emoji.count > 1_800)
    #expect(emoji["rocket"] == "🚀" && emoji["fr"] == "🇫🇷" && emoji["one"] == "1️⃣")
    #expect(emoji.keys.map(\.utf8.count).max() == EmojiShortcodes.longestName)
    // Not GitHub's: Unicode's own names that other lists add.
    #expect(emoji["party_popper"] == nil && emoji["check_mark_button"] == nil)
    let longest = emoji.keys.first { $0.utf8.count == EmojiShortcodes.longestName } ?? ""
    #expect(EmojiShortcodes.replacing(in: ":\(longest):") == emoji[longest])
  }

  static let document = """
    # :tada: Release :rocket:

    Shipped :white_check_mark: but `:tada:` is code, and :not_an_emoji: is text.

    ```
    :tada:
    ```

    <p title=":tada:" align="center">Made with :heart: by us</p>

    Use <code>:tada:</code>, <tt>:x:</tt> and ![alt :bug:](bug.png) as written.

    ## `code` :sparkles: heading

    [:link: docs](https://example.org/:smile:)
    """

  @Test("HTML shows them in text, headings and contents, never in code, raw HTML or URLs")
  func html() throws {
    var options = HTMLWriter.Options()
    options.tableOfContents = true
    let page = try OutlineKitTests.html(markdown(Self.document), options: options)
    #expect(page.contains("<li><a href=\"#tada-release-rocket\">🎉 Release 🚀</a>"))
    #expect(page.contains("<a href=\"#code-sparkles-heading\"><code>code</code> ✨ heading</a>"))
    #expect(page.contains("<details id=\"tada-release-rocket\" open><summary>🎉 Release 🚀 "))
    #expect(
      page.contains(
        "<p>Shipped ✅ but <code>:tada:</code> is code, and :not_an_emoji: is text.</p>"))
    #expect(page.contains("<pre><code>:tada:\n</code></pre>"))
    // Raw HTML's text shows them too, as GitHub's filter does, but not its attributes.
    #expect(page.contains("<p title=\":tada:\" style=\"text-align: center\">Made with ❤️ by us</p>"))
    // Raw code, and an image's alt text, keep them.
    #expect(
      page.contains(
        "<p>Use <code>:tada:</code>, <code>:x:</code> and <img src=\"bug.png\" alt=\"alt :bug:\" /> as written.</p>"
      ))
    #expect(page.contains("<summary><code>code</code> ✨ heading "))
    #expect(page.contains("<a href=\"https://example.org/:smile:\">🔗 docs</a>"))
  }

  @Test("a title with code shows them outside its code, and is named by what it shows")
  func titleWithCode() throws {
    let outline = markdown("## :rocket: Launch `:tada:` v2\n\ntext\n")
    #expect(outline.sections[0].shownTitle == "🚀 Launch :tada: v2")
    let tree = try text(outline, SelectionRequest(base: .nothing))
    #expect(tree.hasPrefix("▸ 🚀 Launch :tada: v2"))
    let selection = try Selection(
      outline: outline, request: SelectionRequest(base: .nothing, expand: ["🚀 Launch :tada: v2"]))
    #expect(selection.isExpanded(0))
  }

  @Test("the text tree shows them in plain titles; names and ids keep the shortcodes")
  func textAndNames() throws {
    let outline = markdown(Self.document)
    let tree = try text(outline, SelectionRequest(base: .nothing))
    #expect(tree.hasPrefix("▸ 🎉 Release 🚀"))
    #expect(outline.sections[0].title == ":tada: Release :rocket:")
    #expect(outline.ids == ["tada-release-rocket", "code-sparkles-heading"])
    for name in [":tada: Release :rocket:", "🎉 Release 🚀", "tada-release-rocket"] {
      let selection = try Selection(
        outline: outline, request: SelectionRequest(base: .nothing, expand: [name]))
      #expect(selection.isExpanded(0), "\(name)")
    }
  }
}
