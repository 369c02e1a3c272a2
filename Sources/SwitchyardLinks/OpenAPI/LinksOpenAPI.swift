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
        "description": "Mint short links to URLs a route of the app's table handles, and serve them: a preview card to link-preview crawlers, a landing page to iOS and Android browsers, a redirect to everyone else. Every error answer is a JSON object whose `error` member says what is wrong and where.",
        "license": { "name": "Apache-2.0", "identifier": "Apache-2.0" }
      },
      "paths": {
        "/v1/links": {
          "post": {
            "operationId": "mintLink",
            "summary": "Mint a short link",
            "description": "The long URL is given either as `url` or as a route of the table and its values (built with the table's URL builder, so it always matches back). A URL that no app or web route handles is refused with 422 and the router's reason. A `201` means the link is on disk.",
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
              "422": { "$ref": "#/components/responses/Unprocessable" }
            }
          }
        },
        "/l/{code}": {
          "get": {
            "operationId": "openShortLink",
            "summary": "Open a short link",
            "description": "The short link, at the server's prefix (`--prefix`, `/l/` by default). The answer depends on the User-Agent alone: link-preview crawlers get a page of Open Graph and Twitter card tags, iOS and Android browsers (in-app browsers included) a landing page with \"Open in the app\" and the store button, everyone else a redirect to the long URL. Every answer carries `Vary: User-Agent`.",
            "parameters": [{ "$ref": "#/components/parameters/code" }],
            "responses": {
              "200": {
                "description": "The preview page (crawlers) or the landing page (iOS and Android browsers).",
                "headers": {
                  "Vary": { "$ref": "#/components/headers/Vary" },
                  "Content-Security-Policy": { "$ref": "#/components/headers/ContentSecurityPolicy" }
                },
                "content": { "text/html": { "schema": { "type": "string" } } }
              },
              "302": {
                "description": "Everyone else: a redirect to the long URL, the web page of the same route.",
                "headers": {
                  "Location": {
                    "description": "The long URL.",
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
              }
            }
          }
        },
        "/v1/links/{code}": {
          "get": {
            "operationId": "getLink",
            "summary": "Resolve a short link",
            "description": "What an app opened with a short link calls to learn its long URL, route and values. Public: it reveals what the link itself reveals.",
            "parameters": [{ "$ref": "#/components/parameters/code" }],
            "responses": {
              "200": {
                "description": "The link.",
                "content": {
                  "application/json": { "schema": { "$ref": "#/components/schemas/Link" } }
                }
              },
              "404": { "$ref": "#/components/responses/NotFound" },
              "410": { "$ref": "#/components/responses/Gone" }
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
                "description": "The store is open.",
                "content": { "text/plain": { "schema": { "type": "string" } } }
              },
              "503": {
                "description": "The store is unreachable.",
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
            "description": "The token in the server's `--token-file`. Without one, minting answers 403."
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
            "description": "A strict policy: no script, no third-party asset, https images only.",
            "schema": { "type": "string" }
          }
        },
        "responses": {
          "BadRequest": {
            "description": "The body is not JSON, or a member is missing, of the wrong type or invalid; the error says which and where.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
          },
          "Unauthorized": {
            "description": "No bearer token, or a wrong one.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
          },
          "Forbidden": {
            "description": "The server has no token configured, so nobody may mint.",
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
          "Gone": {
            "description": "The link has expired.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
          },
          "PayloadTooLarge": {
            "description": "The body is larger than 64 KiB.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }
          },
          "Unprocessable": {
            "description": "No app or web route of the table handles the URL; the error carries the router's reason.",
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
