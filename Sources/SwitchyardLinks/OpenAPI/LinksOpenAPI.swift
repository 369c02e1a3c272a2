/// The link service's HTTP API as an OpenAPI 3.1 document, the one description of it.
///
/// The server answers `GET /v1/openapi.json` with it, and its tests check every response
/// against it. Short links are documented at the default prefix, `/l/{code}`; a server started
/// with another `--prefix` serves them there instead.
///
/// ```swift
/// let body = LinksOpenAPI.document   // {"openapi": "3.1.0", "info": …, "paths": …}
/// ```
public enum LinksOpenAPI {
  /// The document, as JSON text.
  ///
  /// ```swift
  /// print(LinksOpenAPI.document.hasPrefix("{"))   // true
  /// ```
  public static let document = #"""
    {
      "openapi": "3.1.0",
      "info": {
        "title": "Switchyard Links",
        "version": "1.0.0",
        "summary": "Short links on your own domain, checked against the app's route table.",
        "description": "Mint short links to URLs a route of the app's table handles, and serve them: a preview card to link-preview crawlers, a landing page to iOS and Android browsers, a redirect to everyone else. Every error answer is a JSON object whose `error` member says what is wrong and where. A method a path does not take is answered 405 with `Allow` naming those it takes; a method the service implements nowhere (`TRACE`, `PUT`, `OPTIONS`, …), 501; a path it does not know, 404 — each with a JSON body.",
        "license": { "name": "Apache-2.0", "identifier": "Apache-2.0" }
      },
      "paths": {
        "/v1/links": {
          "get": {
            "operationId": "listLinks",
            "summary": "List links",
            "description": "A page of the links, in code order (bytes), expired and deleted ones included (each with its `expires`). `next`, when there may be more, is the `after` of the next page. With the token.",
            "security": [{ "bearer": [] }],
            "parameters": [
              { "name": "limit", "in": "query", "description": "How many links, 1 to 100; 50 by default.", "schema": { "type": "integer", "minimum": 1, "maximum": 100 } },
              { "name": "after", "in": "query", "description": "The links whose code comes after this one (the `next` of the previous page).", "schema": { "$ref": "#/components/schemas/Code" } },
              { "name": "route", "in": "query", "description": "The links of this route alone.", "schema": { "type": "string" } },
              { "name": "prefix", "in": "query", "description": "The links whose code starts with this.", "schema": { "$ref": "#/components/schemas/Code" } }
            ],
            "responses": {
              "200": {
                "description": "A page of links.",
                "content": {
                  "application/json": { "schema": { "$ref": "#/components/schemas/LinkList" } }
                }
              },
              "400": { "$ref": "#/components/responses/BadRequest" },
              "401": { "$ref": "#/components/responses/Unauthorized" },
              "403": { "$ref": "#/components/responses/Forbidden" },
              "500": { "$ref": "#/components/responses/Corrupt" },
              "503": { "$ref": "#/components/responses/Unavailable" }
            }
          },
          "post": {
            "operationId": "mintLink",
            "summary": "Mint a short link",
            "description": "The long URL is given either as `url` or as a route of the table and its values (built with the table's URL builder, so it always matches back: the route's web URL when it has one: on a `--host` the route names, else on the route's own host, else on a `--host` its wildcard host answers). A URL that no app or web route handles is refused with 422 and the router's reason; so is one that a browser (WHATWG URL Standard) would read otherwise than the router (a backslash, tab or line break, userinfo, a dot segment, a character browsers rewrite), with the reason. The `url` answered and stored is the URL as a browser writes it. A `201` means the link is on disk.",
            "security": [{ "bearer": [] }],
            "requestBody": {
              "required": true,
              "content": {
                "application/json": { "schema": { "$ref": "#/components/schemas/MintRequest" } }
              }
            },
            "responses": {
              "201": {
                "description": "The link was minted and stored.",
                "content": {
                  "application/json": { "schema": { "$ref": "#/components/schemas/MintedLink" } }
                }
              },
              "400": { "$ref": "#/components/responses/BadRequest" },
              "401": { "$ref": "#/components/responses/Unauthorized" },
              "403": { "$ref": "#/components/responses/Forbidden" },
              "409": { "$ref": "#/components/responses/Conflict" },
              "413": { "$ref": "#/components/responses/PayloadTooLarge" },
              "422": { "$ref": "#/components/responses/Unprocessable" },
              "503": { "$ref": "#/components/responses/Unavailable" }
            }
          }
        },
        "/l/{code}": {
          "get": {
            "operationId": "openShortLink",
            "summary": "Open a short link",
            "description": "The short link, at the server's prefix (`--prefix`, `/l/` by default). The answer depends on the User-Agent alone: link-preview crawlers get a page of Open Graph and Twitter card tags, iOS and Android browsers (in-app browsers included) a landing page with \"Open in the app\" and the store button (a link of a `--web-only` route: a redirect to its web page instead), everyone else a redirect to the web page of the link's route (the long URL when it is http(s), else the same route's web URL built from the link's values; a route of the app alone, with no web URL: a page saying to open the link on a phone). Every Location and href is a URL a browser (WHATWG URL Standard) reads exactly as the route table's router does. Every answer carries `Vary: User-Agent`. A landing page is given an install token of that visit alone (sent `Cache-Control: private, no-store`) when the platform's store is configured: Android's Google Play button carries it in Google Play's `referrer=` parameter as the URL-encoded `switchyard_token=TOKEN`; iOS's \"Get the app\" button, on the person's tap, copies the one-time link `SHORTLINK?switchyard_token=TOKEN` and opens the App Store. Handing out a token writes nothing: it carries its own proof (an HMAC under the service's secret). Each visit of a known link is counted (link, route, platform class, day; nothing else).",
            "parameters": [{ "$ref": "#/components/parameters/code" }],
            "responses": {
              "200": {
                "description": "The preview page (crawlers), the landing page (iOS and Android browsers), or, for other clients, the page of a link the app alone opens (open it on a phone).",
                "headers": {
                  "Vary": { "$ref": "#/components/headers/Vary" },
                  "Content-Security-Policy": { "$ref": "#/components/headers/ContentSecurityPolicy" }
                },
                "content": { "text/html": { "schema": { "type": "string" } } }
              },
              "302": {
                "description": "Everyone else (and phones, for a link of a web-only route): a redirect to the web page of the link's route.",
                "headers": {
                  "Location": {
                    "description": "The long URL when it is http(s), else the route's web URL built from the link's values: an http(s) URL on a host the table names, written as a browser writes it.",
                    "schema": { "type": "string", "format": "uri" }
                  },
                  "Vary": { "$ref": "#/components/headers/Vary" }
                }
              },
              "404": {
                "description": "No link has this code: a page saying so, never a redirect.",
                "headers": { "Vary": { "$ref": "#/components/headers/Vary" } },
                "content": { "text/html": { "schema": { "type": "string" } } }
              },
              "410": {
                "description": "The link has expired: a page saying so, never a redirect.",
                "headers": { "Vary": { "$ref": "#/components/headers/Vary" } },
                "content": { "text/html": { "schema": { "type": "string" } } }
              },
              "500": { "$ref": "#/components/responses/Corrupt" },
              "503": {
                "description": "The store is unreachable: a page saying the link cannot be opened now, never a redirect.",
                "headers": { "Vary": { "$ref": "#/components/headers/Vary" } },
                "content": { "text/html": { "schema": { "type": "string" } } }
              }
            }
          }
        },
        "/v1/links/{code}": {
          "get": {
            "operationId": "getLink",
            "summary": "Resolve a short link",
            "description": "What an app opened with a short link calls to learn its long URL, route and values; each 200 counts as an app open in the statistics (under the platform class of the app's HTTP client). Public: it reveals what the link itself reveals.",
            "parameters": [{ "$ref": "#/components/parameters/code" }],
            "responses": {
              "200": {
                "description": "The link.",
                "content": {
                  "application/json": { "schema": { "$ref": "#/components/schemas/Link" } }
                }
              },
              "404": { "$ref": "#/components/responses/NotFound" },
              "410": { "$ref": "#/components/responses/Gone" },
              "500": { "$ref": "#/components/responses/Corrupt" },
              "503": { "$ref": "#/components/responses/Unavailable" }
            }
          },
          "patch": {
            "operationId": "changeLink",
            "summary": "Change a link",
            "description": "Changes the fields the body gives: `title`, `description`, `image`, `expires` (`null` clears one) and `url`, which passes the checks of a mint (422 when no route handles it, with the router's reason). The short link keeps its code. A link that has ended (expired or deleted) stays ended: 410. Another server answers with the change within 10 seconds (its cache of links). With the token.",
            "security": [{ "bearer": [] }],
            "parameters": [{ "$ref": "#/components/parameters/code" }],
            "requestBody": {
              "required": true,
              "content": {
                "application/json": { "schema": { "$ref": "#/components/schemas/LinkPatch" } }
              }
            },
            "responses": {
              "200": {
                "description": "The link as it is now.",
                "content": {
                  "application/json": { "schema": { "$ref": "#/components/schemas/LinkDetail" } }
                }
              },
              "400": { "$ref": "#/components/responses/BadRequest" },
              "401": { "$ref": "#/components/responses/Unauthorized" },
              "403": { "$ref": "#/components/responses/Forbidden" },
              "404": { "$ref": "#/components/responses/NotFound" },
              "410": { "$ref": "#/components/responses/Gone" },
              "413": { "$ref": "#/components/responses/PayloadTooLarge" },
              "422": { "$ref": "#/components/responses/Unprocessable" },
              "500": { "$ref": "#/components/responses/Corrupt" },
              "503": { "$ref": "#/components/responses/Unavailable" }
            }
          },
          "delete": {
            "operationId": "deleteLink",
            "summary": "End a link",
            "description": "The link ends now: from then on its short link and `GET /v1/links/{code}` answer 410, as an expired link's do. Its code stays taken, so a short link already printed or shared never leads somewhere new; its statistics stay. With the token.",
            "security": [{ "bearer": [] }],
            "parameters": [{ "$ref": "#/components/parameters/code" }],
            "responses": {
              "204": { "description": "The link has ended." },
              "401": { "$ref": "#/components/responses/Unauthorized" },
              "403": { "$ref": "#/components/responses/Forbidden" },
              "404": { "$ref": "#/components/responses/NotFound" },
              "410": { "$ref": "#/components/responses/Gone" },
              "500": { "$ref": "#/components/responses/Corrupt" },
              "503": { "$ref": "#/components/responses/Unavailable" }
            }
          }
        },
        "/v1/redeem": {
          "post": {
            "operationId": "redeemInstallToken",
            "summary": "Redeem an install token",
            "description": "What a newly installed app calls with the token it found (in the Install Referrer on Android, in the one-time link on the clipboard on iOS) to learn the link the person opened before installing. A token is redeemed once: the first call answers 200 (counted as an install of the link in the statistics), every later one 410, however many arrive at once. A token expires after 7 days (the server's `--install-token-days`), or with its link. Public: the token is the secret. A token carries its link, its expiry and its proof (an HMAC under the service's secret); one whose proof does not hold is unknown (404) and costs no lookup. Spending one writes its one row, deleted once the token has expired.",
            "requestBody": {
              "required": true,
              "content": {
                "application/json": { "schema": { "$ref": "#/components/schemas/RedeemRequest" } }
              }
            },
            "responses": {
              "200": {
                "description": "The token was unspent; it is spent now.",
                "content": {
                  "application/json": { "schema": { "$ref": "#/components/schemas/Redeemed" } }
                }
              },
              "400": { "$ref": "#/components/responses/BadRequest" },
              "404": {
                "description": "No such token: malformed, altered, or not signed by this service.",
                "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
              },
              "410": {
                "description": "The token was redeemed already, or it or its link has expired.",
                "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
              },
              "413": { "$ref": "#/components/responses/PayloadTooLarge" },
              "503": { "$ref": "#/components/responses/Unavailable" }
            }
          }
        },
        "/v1/stats": {
          "get": {
            "operationId": "clickStatistics",
            "summary": "Clicks, previews, app opens and installs",
            "description": "The counts of the short links on the days `from` to `to` (UTC, both included), of one link with `code`, summed by link, route, platform class (`ios`, `android`, `desktop`, `crawler`) or day, each kind apart: `clicks` (visits of a short link by people), `previews` (fetches by link-preview crawlers, never clicks), `appOpens` (`GET /v1/links/{code}` by the app a short link opened) and `installs` (install tokens redeemed). `total` is the clicks alone. Nothing else is counted: no address, user agent or cookie is stored. JSON, or CSV (RFC 4180, a header line, CRLF line ends) with `Accept: text/csv`. Any other parameter is refused (400).",
            "security": [{ "bearer": [] }],
            "parameters": [
              {
                "name": "from", "in": "query", "required": false,
                "description": "The first day, `YYYY-MM-DD`; 29 days before `to` by default.",
                "schema": { "type": "string", "format": "date" }
              },
              {
                "name": "to", "in": "query", "required": false,
                "description": "The last day, `YYYY-MM-DD`; today (UTC) by default.",
                "schema": { "type": "string", "format": "date" }
              },
              {
                "name": "by", "in": "query", "required": false,
                "description": "What to sum by; `day` by default.",
                "schema": { "type": "string", "enum": ["link", "route", "platform", "day"] }
              },
              {
                "name": "code", "in": "query", "required": false,
                "description": "Count this link alone (its code); every link by default.",
                "schema": { "type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$" }
              }
            ],
            "responses": {
              "200": {
                "description": "The counts: the most clicks first, then the most app opens, installs and previews (by day: in day order).",
                "content": {
                  "application/json": { "schema": { "$ref": "#/components/schemas/Stats" } },
                  "text/csv": {
                    "schema": { "type": "string" },
                    "example": "route,clicks,previews,app_opens,installs\r\nproduct,12,4,3,1\r\nuser,3,0,1,0\r\n"
                  }
                }
              },
              "400": { "$ref": "#/components/responses/BadRequest" },
              "401": { "$ref": "#/components/responses/Unauthorized" },
              "403": { "$ref": "#/components/responses/Forbidden" },
              "503": { "$ref": "#/components/responses/Unavailable" }
            }
          }
        },
        "/admin": {
          "get": {
            "operationId": "adminPage",
            "summary": "The counts as a page",
            "description": "The last 30 days (UTC): clicks by people per day and per route as server-drawn SVG bar charts (the headline counts no preview), app opens, installs and previews apart, and the ten most clicked links. No script; the pages' strict Content-Security-Policy. With the bearer token (scripts) or an admin session cookie (a browser, after the sign-in form posted to /admin/session); without either, the sign-in form (200, HTML). A wrong bearer token is 401.",
            "security": [{ "bearer": [] }],
            "responses": {
              "200": {
                "description": "The page, or the sign-in form without a token or session.",
                "headers": {
                  "Content-Security-Policy": { "$ref": "#/components/headers/ContentSecurityPolicy" }
                },
                "content": { "text/html": { "schema": { "type": "string" } } }
              },
              "401": { "$ref": "#/components/responses/Unauthorized" },
              "403": { "$ref": "#/components/responses/Forbidden" },
              "503": { "$ref": "#/components/responses/Unavailable" }
            }
          }
        },
        "/.well-known/apple-app-site-association": {
          "get": {
            "operationId": "appleAppSiteAssociation",
            "summary": "The iOS app-link file",
            "description": "The route table's exact file, plus the short-link prefix as an app path. Served directly, never redirected.",
            "responses": {
              "200": {
                "description": "The file.",
                "content": {
                  "application/json": {
                    "schema": { "$ref": "#/components/schemas/AppleAppSiteAssociation" }
                  }
                }
              }
            }
          }
        },
        "/.well-known/assetlinks.json": {
          "get": {
            "operationId": "assetLinks",
            "summary": "The Android app-link file",
            "description": "The Digital Asset Links statement for the app's package and certificate fingerprints. Served directly, never redirected.",
            "responses": {
              "200": {
                "description": "The file.",
                "content": {
                  "application/json": {
                    "schema": { "$ref": "#/components/schemas/AssetLinks" }
                  }
                }
              }
            }
          }
        },
        "/healthz": {
          "get": {
            "operationId": "health",
            "summary": "Whether the service is ready",
            "responses": {
              "200": {
                "description": "The store is open and takes writes.",
                "content": { "text/plain": { "schema": { "type": "string" } } }
              },
              "503": {
                "description": "The store is unreachable, or it takes no writes (a read-only file or database, a full disk); the body says why.",
                "content": {
                  "application/json": { "schema": { "$ref": "#/components/schemas/Error" } }
                }
              }
            }
          }
        },
        "/v1/openapi.json": {
          "get": {
            "operationId": "openAPIDocument",
            "summary": "This document",
            "responses": {
              "200": {
                "description": "The OpenAPI 3.1 document of the service.",
                "content": { "application/json": { "schema": { "type": "object" } } }
              }
            }
          }
        }
      },
      "components": {
        "securitySchemes": {
          "bearer": {
            "type": "http",
            "scheme": "bearer",
            "description": "The token in the server's `--token-file`. Without one, minting and statistics answer 403."
          }
        },
        "parameters": {
          "code": {
            "name": "code",
            "in": "path",
            "required": true,
            "description": "The link's code.",
            "schema": { "$ref": "#/components/schemas/Code" }
          }
        },
        "headers": {
          "Vary": {
            "description": "Always `User-Agent`: the answer depends on it.",
            "schema": { "type": "string", "const": "User-Agent" }
          },
          "ContentSecurityPolicy": {
            "description": "A strict policy: no third-party asset, https images only, no script but the iOS landing page's one \"Get the app\" script, allowed by its hash.",
            "schema": { "type": "string" }
          }
        },
        "responses": {
          "MethodNotAllowed": {
            "description": "The path does not take this method; `Allow` names those it takes.",
            "headers": {
              "Allow": {
                "description": "The methods the path takes: `GET, HEAD` or `POST`.",
                "schema": { "type": "string" }
              }
            },
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
          },
          "NotImplemented": {
            "description": "The service implements this method on no path (it answers GET, HEAD and POST).",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
          },
          "BadRequest": {
            "description": "The body is not JSON, or a member is missing, of the wrong type or invalid; the error says which and where.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
          },
          "Unauthorized": {
            "description": "No bearer token, or a wrong one.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
          },
          "Forbidden": {
            "description": "The server has no token configured, so nobody may mint, read statistics or open the admin page.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
          },
          "NotFound": {
            "description": "No link has this code.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
          },
          "Conflict": {
            "description": "The custom code is taken.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
          },
          "Unavailable": {
            "description": "The store is unreachable (the database is down or does not answer); the body says why.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
          },
          "Corrupt": {
            "description": "The link's stored row cannot be read (a column it needs is NULL or not text): the service logs it, and never sends the link anywhere.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
          },
          "Gone": {
            "description": "The link has expired.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
          },
          "PayloadTooLarge": {
            "description": "The body is larger than 64 KiB.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
          },
          "Unprocessable": {
            "description": "No app or web route of the table handles the URL (the error carries the router's reason), or a browser would read the URL otherwise than the router (the error says why).",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
          }
        },
        "schemas": {
          "Code": {
            "type": "string",
            "pattern": "^[A-Za-z0-9_-]{1,64}$"
          },
          "Values": {
            "description": "A route's captured values, by capture name, as text.",
            "type": "object",
            "additionalProperties": { "type": "string" }
          },
          "MintRequest": {
            "description": "Either `url`, or `route` with its `values`; the rest is optional.",
            "type": "object",
            "properties": {
              "url": { "type": "string", "description": "The long URL." },
              "route": { "type": "string", "description": "The name of a route of the table." },
              "values": { "$ref": "#/components/schemas/Values" },
              "code": { "$ref": "#/components/schemas/Code" },
              "title": { "type": "string" },
              "description": { "type": "string" },
              "image": { "type": "string", "format": "uri", "pattern": "^https://" },
              "expires": { "type": "string", "format": "date-time" }
            },
            "oneOf": [{ "required": ["url"] }, { "required": ["route"] }]
          },
          "MintedLink": {
            "type": "object",
            "required": ["code", "link", "url", "route", "values"],
            "properties": {
              "code": { "$ref": "#/components/schemas/Code" },
              "link": { "type": "string", "format": "uri", "description": "The short link." },
              "url": { "type": "string", "description": "The long URL." },
              "route": { "type": "string", "description": "The route the long URL matches." },
              "values": { "$ref": "#/components/schemas/Values" }
            }
          },
          "Link": {
            "type": "object",
            "required": ["code", "url", "route", "values"],
            "properties": {
              "code": { "$ref": "#/components/schemas/Code" },
              "url": { "type": "string", "description": "The long URL." },
              "route": { "type": "string", "description": "The route the long URL matches." },
              "values": { "$ref": "#/components/schemas/Values" }
            }
          },
          "LinkDetail": {
            "type": "object",
            "required": ["code", "link", "url", "route", "values", "created"],
            "properties": {
              "code": { "$ref": "#/components/schemas/Code" },
              "link": { "type": "string", "format": "uri", "description": "The short link." },
              "url": { "type": "string", "description": "The long URL." },
              "route": { "type": "string", "description": "The route the long URL matches." },
              "values": { "$ref": "#/components/schemas/Values" },
              "title": { "type": "string" },
              "description": { "type": "string" },
              "image": { "type": "string" },
              "expires": { "type": "string", "format": "date-time", "description": "When the link ends (or ended), UTC." },
              "created": { "type": "string", "format": "date-time", "description": "When it was minted, UTC." }
            },
            "additionalProperties": false
          },
          "LinkList": {
            "type": "object",
            "required": ["links"],
            "properties": {
              "links": { "type": "array", "items": { "$ref": "#/components/schemas/LinkDetail" } },
              "next": { "$ref": "#/components/schemas/Code" }
            },
            "additionalProperties": false
          },
          "LinkPatch": {
            "type": "object",
            "minProperties": 1,
            "properties": {
              "url": { "type": "string", "description": "A new long URL, checked as a mint's." },
              "title": { "type": ["string", "null"] },
              "description": { "type": ["string", "null"] },
              "image": { "type": ["string", "null"], "description": "An https URL." },
              "expires": { "type": ["string", "null"], "format": "date-time" }
            },
            "additionalProperties": false
          },
          "RedeemRequest": {
            "type": "object",
            "required": ["token"],
            "properties": {
              "token": { "type": "string", "description": "The install token: URL-safe base64 (`A-Z a-z 0-9 - _`), 66 characters for an 8-character code." }
            },
            "additionalProperties": false
          },
          "Redeemed": {
            "type": "object",
            "required": ["url", "route", "values"],
            "properties": {
              "url": { "type": "string", "description": "The long URL." },
              "route": { "type": "string", "description": "The route the long URL matches." },
              "values": { "$ref": "#/components/schemas/Values" }
            },
            "additionalProperties": false
          },
          "Stats": {
            "type": "object",
            "required": ["from", "to", "by", "total", "totals", "rows"],
            "properties": {
              "from": { "type": "string", "format": "date" },
              "to": { "type": "string", "format": "date" },
              "by": { "type": "string", "enum": ["link", "route", "platform", "day"] },
              "code": { "type": "string", "description": "The link counted, when `code` was given." },
              "total": { "type": "integer", "minimum": 0, "description": "The clicks by people (previews are never clicks)." },
              "totals": { "$ref": "#/components/schemas/Counts" },
              "rows": {
                "type": "array",
                "items": {
                  "type": "object",
                  "required": ["key", "clicks", "previews", "appOpens", "installs"],
                  "properties": {
                    "key": { "type": "string", "description": "The link's code, the route, the platform class or the day." },
                    "clicks": { "type": "integer", "minimum": 0 },
                    "previews": { "type": "integer", "minimum": 0 },
                    "appOpens": { "type": "integer", "minimum": 0 },
                    "installs": { "type": "integer", "minimum": 0 }
                  },
                  "additionalProperties": false
                }
              }
            },
            "additionalProperties": false
          },
          "Counts": {
            "type": "object",
            "description": "Each kind apart: clicks by people, previews by crawlers, app opens, installs.",
            "required": ["clicks", "previews", "appOpens", "installs"],
            "properties": {
              "clicks": { "type": "integer", "minimum": 0 },
              "previews": { "type": "integer", "minimum": 0 },
              "appOpens": { "type": "integer", "minimum": 0 },
              "installs": { "type": "integer", "minimum": 0 }
            },
            "additionalProperties": false
          },
          "Error": {
            "description": "What went wrong, in one sentence that says what and where. Other members may add detail.",
            "type": "object",
            "required": ["error"],
            "properties": {
              "error": { "type": "string" }
            },
            "additionalProperties": true
          },
          "AppleAppSiteAssociation": {
            "type": "object",
            "required": ["applinks"],
            "properties": {
              "applinks": { "type": "object" }
            }
          },
          "AssetLinks": {
            "type": "array",
            "items": {
              "type": "object",
              "required": ["relation", "target"],
              "properties": {
                "relation": { "type": "array", "items": { "type": "string" } },
                "target": { "type": "object" }
              }
            }
          }
        }
      }
    }
    """#
}
