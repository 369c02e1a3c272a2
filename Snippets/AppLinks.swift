// One table for iOS, Android and the web: the app-link files generated from it, and checked.
import Switchyard
import SwitchyardFiles

let routes =
  #"{"version": 1, "routes": [{"name": "post", "pattern": "https://example.com/post/<int:id>"}]}"#
let fingerprint =
  "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

let table = try RouteFile.parse(routes, fileName: "routes.json")
let aasa = AppleAppSiteAssociation.export(
  table, appIDs: ["ABCDE12345.com.example.app"], host: "example.com")
print(aasa.file.json)
aasa.warnings.forEach { print($0) }  // what could not be written exactly
// prints: TODO

let android = AndroidIntentFilters.export(table, packageName: "com.example.app")
print(android.file.xml)
print(AssetLinks(packageName: "com.example.app", fingerprints: [fingerprint]).json)
// prints: TODO

// In CI: does the deployed file still match the routes?
let deployed = aasa.file.json
let drifts = try AppleAppSiteAssociation(json: deployed).verify(against: table, host: "example.com")
print(drifts.isEmpty)  // prints: true
