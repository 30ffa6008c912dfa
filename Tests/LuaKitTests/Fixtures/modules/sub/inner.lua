return { answer = 42, loadedAs = ... }
