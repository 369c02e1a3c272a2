import SwitchyardLinks
import Testing
