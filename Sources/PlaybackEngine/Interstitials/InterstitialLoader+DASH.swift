import DASHKit
import Foundation

extension InterstitialLoader {
  /// Loads and reads the List MPD an ad-decision endpoint answers (an Alternative-MPD event).
  func listMPD(_ url: URL, completion: @escaping (Result<MPDList, InterstitialFailure>) -> Void) {
    fetch(url) { result in
      completion(
        result.flatMap { response in
          do {
            return .success(try MPDList.parse(response.body, url: response.url))
          } catch {
            return .failure(
              InterstitialFailure(
                "the List MPD \(url.absoluteString) cannot be read: \(error) (expected MPD@type=\"list\" "
                  + "with a Period per ad, each an ImportedMPD@uri)"))
          }
        })
    }
  }

  /// The duration of an imported MPD (an ad of a List MPD): a static MPD's
  /// `mediaPresentationDuration`, else its last Period's end. A dynamic one has none: `nil`.
  func mpdDuration(_ url: URL, completion: @escaping (Result<Double?, InterstitialFailure>) -> Void) {
    fetch(url) { result in
      completion(
        result.flatMap { response in
          do {
            let mpd = try MPDParser.parse(response.body)
            return .success(mpd.type == .live ? nil : mpd.end)
          } catch {
            return .failure(
              InterstitialFailure("the imported MPD \(url.absoluteString) cannot be read: \(error)"))
          }
        })
    }
  }
}
