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
print(aasa.file.json, terminator: "")
aasa.warnings.forEach { print($0) }  // what could not be written exactly
// prints: {
// prints:   "applinks": {
// prints:     "details": [
// prints:       {
// prints:         "appIDs": ["ABCDE12345.com.example.app"],
// prints:         "defaults": { "caseSensitive": true, "percentEncoded": false },
// prints:         "components": [
// prints:           { "/": "/post/?*" }
// prints:         ]
// prints:       }
// prints:     ]
// prints:   }
// prints: }
// prints: warning: route "post": <int:id> is written as any non-empty text, so the file also lets in values the route refuses

let android = AndroidIntentFilters.export(table, packageName: "com.example.app")
print(android.file.xml, terminator: "")
print(AssetLinks(packageName: "com.example.app", fingerprints: [fingerprint]).json, terminator: "")
// prints: <?xml version="1.0" encoding="utf-8"?>
// prints: <!-- Copy the intent filters into the activity that handles links. -->
// prints: <intent-filters xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app">
// prints:   <!-- post: https://example.com/post/<int:id> -->
// prints:   <intent-filter android:autoVerify="true">
// prints:     <action android:name="android.intent.action.VIEW" />
// prints:     <category android:name="android.intent.category.DEFAULT" />
// prints:     <category android:name="android.intent.category.BROWSABLE" />
// prints:     <data android:scheme="https" />
// prints:     <data android:host="example.com" />
// prints:     <data android:pathPattern="/post/..*" />
// prints:   </intent-filter>
// prints: </intent-filters>
// prints: [
// prints:   {
// prints:     "relation": ["delegate_permission/common.handle_all_urls"],
// prints:     "target": {
// prints:       "namespace": "android_app",
// prints:       "package_name": "com.example.app",
// prints:       "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]
// prints:     }
// prints:   }
// prints: ]

// In CI: does the deployed file still match the routes?
let deployed = aasa.file.json
let drifts = try AppleAppSiteAssociation(json: deployed).verify(against: table, host: "example.com")
print(drifts.isEmpty)  // prints: true
