// UIKit and SwiftUI hosts for Switchyard's platform-neutral `Navigator`. Where neither UIKit nor
// SwiftUI exists (Linux, Windows) this module only re-exports Switchyard.
@_exported import Switchyard
