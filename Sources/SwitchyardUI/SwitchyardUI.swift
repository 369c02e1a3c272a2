// UIKit and SwiftUI hosts for Switchyard's platform-neutral `Navigator`, and the adapters that
// dispatch the links the system opens. Where neither UIKit nor SwiftUI exists (Linux, Windows)
// this module re-exports Switchyard and keeps what needs neither: `NavigationSheet` and, where
// Observation exists, `ObservableNavigationPathHost` (both tested on Linux).
@_exported import Switchyard
