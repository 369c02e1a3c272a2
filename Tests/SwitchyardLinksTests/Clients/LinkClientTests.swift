import SwitchyardLinks
import Testing

/// Real user agents, written from the formats each client sends.
enum UserAgents {
  static let crawlers = [
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "facebookexternalhit/1.1",
    "Facebot/1.0",
    // iMessage's preview fetcher.
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) "
      + "Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0",
    "Twitterbot/1.0",
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    "Slackbot 1.0 (+https://api.slack.com/robots)",
    "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
    "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
    "WhatsApp/2.23.20.0 A",
    "WhatsApp/2.2337.7 i",
    "TelegramBot (like TwitterBot)",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) "
      + "Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    // Googlebot's smartphone crawler names Android: still a crawler.
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like "
      + "Gecko) Chrome/120.0.6099.216 Mobile Safari/537.36 (compatible; Googlebot/2.1; "
      + "+http://www.google.com/bot.html)",
  ]

  static let iOS = [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
      + "Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
    // Chrome and Firefox on iOS.
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
      + "Gecko) CriOS/119.0.6045.109 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
      + "Gecko) FxiOS/119.0 Mobile/15E148 Safari/605.1.15",
    // An iPad that asks for mobile sites.
    "Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
      + "Version/17.1 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (iPod touch; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, "
      + "like Gecko) Version/15.6 Mobile/15E148 Safari/604.1",
    // Facebook's in-app browser.
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
      + "Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/441.0.0.23.105;FBBV/534914442;FBDV/iPhone15,2;"
      + "FBMD/iPhone;FBSN/iOS;FBSV/17.1.1;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/536207420]",
    // Facebook's in-app browser on an iPad that sends a Mac user agent: FBIOS says iOS.
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) "
      + "[FBAN/FBIOS;FBAV/441.0.0.23.105;FBDV/iPad13,1;FBMD/iPad;FBSN/iPadOS;FBSV/17.1]",
    // Instagram.
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
      + "Gecko) Mobile/15E148 Instagram 307.0.0.34.111 (iPhone14,5; iOS 17_1; en_US; en; "
      + "scale=3.00; 1170x2532; 532277534)",
    // TikTok.
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
      + "Gecko) Mobile/15E148 musical_ly_32.3.0 JsSdk/2.0 NetType/WIFI Channel/App Store "
      + "ByteLocale/en Region/US isDarkMode/0 WKWebView/1 BytedanceWebview/d8a21c6",
    // LinkedIn.
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
      + "Gecko) Mobile/15E148 [LinkedInApp]/9.29.4856",
    // Gmail and the Google app (GSA).
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
      + "Gecko) GSA/289.0.577695730 Mobile/15E148 Safari/604.1",
  ]

  static let android = [
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) "
      + "Chrome/120.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) "
      + "SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Android 14; Mobile; rv:120.0) Gecko/120.0 Firefox/120.0",
    // Facebook.
    "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UD1A.231105.004; wv) AppleWebKit/537.36 "
      + "(KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 "
      + "[FB_IAB/FB4A;FBAV/442.0.0.33.110;]",
    // Instagram.
    "Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 "
      + "(KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 Instagram "
      + "307.0.0.34.111 Android (33/13; 480dpi; 1080x2177; samsung; SM-G991B; o1s; en_US)",
    // TikTok.
    "Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 "
      + "(KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 "
      + "trill_2023109040 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill "
      + "ByteLocale/en Region/US BytedanceWebview/d8a21c6",
    // LinkedIn.
    "Mozilla/5.0 (Linux; Android 12; SM-G973F Build/SP1A.210812.016; wv) AppleWebKit/537.36 "
      + "(KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [LinkedInApp]",
    // Gmail and the Google app.
    "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 "
      + "(KHTML, like Gecko) Version/4.0 Chrome/117.0.5938.153 Mobile Safari/537.36 "
      + "GSA/14.38.22.29.arm64",
  ]

  static let others = [
    // Desktop Chrome, Firefox, Edge.
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
      + "Chrome/120.0.0.0 Safari/537.36",
    "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
      + "Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.61",
    // Safari on a Mac, which is also what iPadOS Safari sends by default.
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) "
      + "Version/17.1 Safari/605.1.15",
    "curl/8.5.0",
    "Wget/1.21.3",
    "python-requests/2.31.0",
    "Mozilla/5.0",
    "",
  ]
}

@Suite struct LinkClientTests {
  @Test(arguments: UserAgents.crawlers) func previewCrawlers(userAgent: String) {
    #expect(LinkClient(userAgent: userAgent) == .previewCrawler)
  }

  @Test(arguments: UserAgents.iOS) func iOSBrowsersAndInAppBrowsers(userAgent: String) {
    #expect(LinkClient(userAgent: userAgent) == .iOSBrowser)
  }

  @Test(arguments: UserAgents.android) func androidBrowsersAndInAppBrowsers(userAgent: String) {
    #expect(LinkClient(userAgent: userAgent) == .androidBrowser)
  }

  @Test(arguments: UserAgents.others) func everyoneElse(userAgent: String) {
    #expect(LinkClient(userAgent: userAgent) == .other)
  }

  @Test func noUserAgentIsOther() {
    #expect(LinkClient(userAgent: nil) == .other)
  }

  @Test func lettersAreComparedWithoutCase() {
    #expect(LinkClient(userAgent: "SLACKBOT-LINKEXPANDING 1.0") == .previewCrawler)
    #expect(LinkClient(userAgent: "mozilla/5.0 (iphone; cpu iphone os 17_1)") == .iOSBrowser)
  }

  @Test func linkedInsCrawlerAndItsAppAreTold() {
    #expect(LinkClient(userAgent: "LinkedInBot/1.0 (compatible; Mozilla/5.0)") == .previewCrawler)
    #expect(
      LinkClient(userAgent: "Mozilla/5.0 (Linux; Android 12) [LinkedInApp]") == .androidBrowser)
  }

  @Test func onlyTheFirst2048BytesAreRead() {
    let padding = String(repeating: "x", count: 2048)
    #expect(LinkClient(userAgent: padding + " Twitterbot/1.0") == .other)
    #expect(LinkClient(userAgent: String(padding.dropLast(20)) + "Twitterbot") == .previewCrawler)
  }

  @Test func nonASCIIAndControlBytesDoNotConfuse() {
    #expect(LinkClient(userAgent: "Mözilla/5.0 (iPhone\u{0}; é)") == .iOSBrowser)
    #expect(LinkClient(userAgent: "\u{0}\u{1}\u{7F}") == .other)
    #expect(LinkClient(userAgent: "ＡＮＤＲＯＩＤ") == .other)
  }
}
