// UIKit and SwiftUI adapters for Switchyard's platform-neutral `Navigator` live in this module.
// On platforms without UIKit or SwiftUI (Linux, Windows) the module is empty apart from this
// re-export, so depending on it is always safe.
@_exported import Switchyard
