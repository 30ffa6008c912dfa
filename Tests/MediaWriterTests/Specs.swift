/// The specs the tests write, as a user would: JSON text.
enum Specs {
  /// The hls-ts case: three ID3 tags and one SCTE-35 splice_insert.
  static let hlsTS = """
    {
      "format": "hls-ts", "duration": 18, "segmentDuration": 6,
      "id3": [
        { "time": 1.234, "frames": [ { "id": "TXXX", "description": "google", "text": "google_1" } ] },
        { "time": 7.5, "frames": [ { "id": "PRIV", "owner": "com.example.adid", "data": "0a d1 00 02" },
                                   { "id": "TIT2", "text": "second" } ] },
        { "time": 15.001, "frames": [ { "id": "YMID", "text": "mid-3" } ] }
      ],
      "scte35": [ { "time": 9, "command": "splice_insert", "eventId": 7, "duration": 6, "out": true } ],
      "dateranges": [ { "id": "break-1", "time": 9, "duration": 6, "scte35": "out", "eventId": 7 } ]
    }
    """

  /// The hls-cmaf case: two emsg of each version, an ID3 tag and a time_signal.
  static let hlsCMAF = """
    {
      "format": "hls-cmaf", "duration": 12, "segmentDuration": 4,
      "emsg": [
        { "time": 1.5, "duration": 2, "scheme": "urn:example:v0", "value": "a", "id": 11, "data": "hello", "version": 0 },
        { "time": 6.25, "scheme": "urn:example:v0", "value": "b", "id": 12, "data": "0x00FF10", "version": 0, "timescale": 90000 },
        { "time": 2.125, "duration": 1, "scheme": "urn:example:v1", "value": "c", "id": 21, "data": "first", "version": 1 },
        { "time": 10, "scheme": "urn:example:v1", "id": 22, "data": "0xCAFE", "version": 1, "timescale": 48000 }
      ],
      "id3": [ { "time": 3, "frames": [ { "id": "TXXX", "description": "google", "text": "google_c" } ] } ],
      "scte35": [ { "time": 8, "command": "time_signal", "eventId": 9, "duration": 4 } ]
    }
    """

  static let packedAudio = """
    {
      "format": "hls-packed-audio", "duration": 8, "segmentDuration": 4,
      "id3": [ { "time": 2.0, "frames": [ { "id": "TXXX", "description": "google", "text": "google_a" } ] } ]
    }
    """

  static let dash = """
    {
      "format": "dash", "duration": 12, "segmentDuration": 4,
      "emsg": [ { "time": 5, "scheme": "urn:example:dash", "value": "1", "id": 1, "data": "cue", "version": 1 } ],
      "id3": [ { "time": 2.5, "frames": [ { "id": "TXXX", "description": "google", "text": "google_d" } ] } ],
      "scte35": [ { "time": 8, "command": "splice_insert", "eventId": 3, "duration": 2 } ]
    }
    """
}
