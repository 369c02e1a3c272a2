// A route table read from a route file, and the Apple app-site-association file it exports.
import Switchyard
import SwitchyardFiles

let table = try RouteFile.parse(
  #"{"version": 1, "routes": [{"name": "user", "pattern": "https://example.com/user/<int:id>"}]}"#,
  fileName: "routes.json")
let matcher = RouteMatcher(table)
print(matcher.match("https://example.com/user/42")?.route.name ?? "nil")  // prints: user

let aasa = AppleAppSiteAssociation.export(table, appIDs: ["ABCDE12345.com.example.app"])
print(aasa.file.json, terminator: "")
for warning in aasa.warnings { print(warning) }
// prints: {
// prints:   "applinks": {
// prints:     "details": [
// prints:       {
// prints:         "appIDs": ["ABCDE12345.com.example.app"],
// prints:         "defaults": { "caseSensitive": true, "percentEncoded": false },
// prints:         "components": [
// prints:           { "/": "/user/?*" }
// prints:         ]
// prints:       }
// prints:     ]
// prints:   }
// prints: }
// prints: warning: route "user": <int:id> is written as any non-empty text, so the file also lets in values the route refuses
