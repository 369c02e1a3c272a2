// Analysing a route table: lint, explain, and the table drawn as a tree.
import Switchyard

/// Prints a value, or "nil".
func show<Value>(_ value: Value?) { print(value.map { "\($0)" } ?? "nil") }

var table = RouteTable()
try table.add("byID", "/u/:id")
try table.add("byName", "/u/:name")
try table.add("note", "/p/x")
try table.add("pages", "/p/*", priority: 1)
for finding in table.lint() { print(finding) }
// prints: error: duplicate: "byName" (/u/:name) matches exactly the same URLs as "byID" (/u/:id) with the same precedence, so "byName" never wins
// prints:   witness: /u/x
// prints: error: shadowed: every URL "note" (/p/x) matches is won by other routes; "pages" (/p/*) wins the witness (priority: 1 beats 0)
// prints:   witness: /p/x

var app = RouteTable()
try app.add("help", "myapp://help")
try app.add("profile", "myapp://user/:name")
try app.add("user", "myapp://user/<int:id>")

let explanation = app.explain("myapp://user/42")
print(explanation.winner ?? "nil")  // prints: user
print(explanation.runnerUp ?? "nil")  // prints: profile
show(explanation.decision?.rule)  // prints: path element 2
show(explanation.decision?.explanation)  // prints: path element 2: int capture beats string capture
show(explanation.routes.last?.failure)
// prints: segment 1: the pattern wants 'help', the URL has 'user'

var tree = RouteTable()
try tree.add("home", "myapp://(home)")
try tree.add("user", "myapp://user/<int:id>")
try tree.add("userTab", "myapp://user/<int:id>/:tab")
try tree.add("search", "myapp://search?q=<term>")
try tree.add("searchRecent", "myapp://search?q=<term>&sort=recent")

print(tree.tree.text())
// prints: myapp://  → home
// prints:   home  → home
// prints:   user
// prints:     <int:id>  → user
// prints:       :tab  → userTab
// prints:   search  → search ?q=<term>, searchRecent ?q=<term>&sort=recent
