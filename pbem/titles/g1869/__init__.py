"""1869 USA West (Alan R. Moon): "in principle the rules of 1830", with the differences of the
rules text (docs/1869-rules.md), on the 1830 family."""
