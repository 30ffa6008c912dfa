import Foundation
import HLSKit
import HTTPKit
import PlayerSeam

/// Loads what an interstitial needs, on the player's loop (the clock waits for each answer): its
/// asset list, and each asset's playlist for its duration. Host-thread only.
struct InterstitialLoader {
  let player: any IntegrationPlayer
  let http: HTTPClient

  /// `url` with the query parameters the spec asks of interstitial requests (`_HLS_primary_id`,
  /// and on a live join inside a break `_HLS_start_offset`), added after its own.
  static func url(_ url: URL, adding parameters: [(String, String)]) -> URL {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
    var items = components.queryItems ?? []
    for (name, value) in parameters where !items.contains(where: { $0.name == name }) {
      items.append(URLQueryItem(name: name, value: value))
    }
    components.queryItems = items
    return components.url ?? url
  }

  /// Loads and reads an asset list.
  func assetList(_ url: URL, completion: @escaping (Result<HLSAssetList, InterstitialFailure>) -> Void) {
    fetch(url) { result in
      completion(
        result.flatMap { response in
          do {
            return .success(try HLSAssetList.parse(response.body, url: response.url))
          } catch {
            return .failure(
              InterstitialFailure("the asset list \(url.absoluteString) cannot be read: \(error)"))
          }
        })
    }
  }

  /// The duration of an asset's playlist (a multivariant playlist's first variant): the sum of
  /// its segments. A live asset playlist has no duration: `nil`.
  func assetDuration(_ url: URL, completion: @escaping (Result<Double?, InterstitialFailure>) -> Void) {
    fetch(url) { result in
      switch result {
      case .failure(let failure): completion(.failure(failure))
      case .success(let response):
        do {
          switch try HLSParser.parse(response.body, url: response.url) {
          case .media(let playlist): completion(.success(playlist.isLive ? nil : playlist.duration))
          case .multivariant(let multivariant):
            guard let variant = multivariant.variants.first else {
              return completion(
                .failure(InterstitialFailure("the asset \(url.absoluteString) has no variant")))
            }
            assetDuration(variant.url, completion: completion)
          }
        } catch {
          completion(
            .failure(InterstitialFailure("the asset \(url.absoluteString) cannot be read: \(error)")))
        }
      }
    }
  }

  func fetch(_ url: URL, completion: @escaping (Result<HTTPResponse, InterstitialFailure>) -> Void) {
    let request = HTTPRequest(url: url, timeout: http.timeout, kind: .playlist)
    player.loop.startWork("interstitial \(url.absoluteString)") { done in
      http.send(request) { result in
        let outcome: Result<HTTPResponse, InterstitialFailure>
        switch result {
        case .failure(let error):
          outcome = .failure(InterstitialFailure("\(error)"))
        case .success(let response) where !response.isSuccess:
          outcome = .failure(
            InterstitialFailure("cannot load \(url.absoluteString): HTTP \(response.status)"))
        case .success(let response):
          outcome = .success(response)
        }
        done(outcome)
      }
    } completion: {
      completion($0)
    }
  }
}

/// Why an asset list or an asset could not be played.
struct InterstitialFailure: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
