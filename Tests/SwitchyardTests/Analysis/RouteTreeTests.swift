import Testing

@testable import Switchyard

@Suite struct RouteTreeTests {
  @Test func textDotAndMermaid() throws {
    let table = try lintTable([
      ("home", "myapp://(home)", 0), ("user", "myapp://user/<int:id>", 0),
      ("tab", "myapp://user/<int:id>/:tab", 0), ("search", "myapp://search?q=<term>", 0),
      ("post", "https://*.example.com/post/:id", 1), ("legacy", "/legacy/*", 0),
    ])
    let tree = table.tree
    #expect(
      tree.text() == """
        https://
          *.example.com
            post
              :id  → post (priority 1)
        myapp://  → home
          home  → home
          user
            <int:id>  → user
              :tab  → tab
          search  → search ?q=<term>
        (any scheme)
          (any host)
            legacy
              *  → legacy
        """)
    #expect(tree.dot().hasPrefix("digraph routes {\n  rankdir=LR;"))
    #expect(tree.dot().contains("[label=\"<int:id>\"];"))
    #expect(tree.dot().contains("[label=\"user\", shape=ellipse];"))
    #expect(tree.mermaid().hasPrefix("flowchart LR\n  n1[\"https://\"]"))
    #expect(tree.mermaid().contains("[\"#lt;int:id#gt;\"]"))
    #expect(tree.mermaid().contains("([\"search ?q=#lt;term#gt;\"])"))
  }
}
