# frozen_string_literal: true

module RefGen
  # The random player's taste: weighted choices, and amounts drawn across a whole range
  # (its ends, odd amounts and anything between) so every price rule gets exercised.
  class Chooser
    attr_reader :rng

    def initialize(seed)
      @rng = Random.new(seed)
    end

    def chance(p)
      @rng.rand < p
    end

    def pick(list)
      list.empty? ? nil : list[@rng.rand(list.size)]
    end

    # candidates: [[weight, item], ...]
    def weighted(cands)
      cands = cands.select { |w, _| w.positive? }
      return nil if cands.empty?

      total = cands.sum(&:first)
      x = @rng.rand * total
      cands.each do |w, item|
        return item if (x -= w) <= 0
      end
      cands.last[1]
    end

    # An amount in min..max (step: the allowed multiple, counted from min): the minimum most
    # often, sometimes the maximum, an odd amount, or anything between.
    def amount(min, max, step: 1, low_bias: 0.45)
      return min if max <= min

      r = @rng.rand
      return min if r < low_bias
      return max if r < low_bias + 0.15

      n = (max - min) / step
      v = min + (step * @rng.rand(n + 1))
      if r < low_bias + 0.3 && step == 1
        v += 1 if v.even? && v < max
        v -= 1 if v.even? && v > min
      end
      v
    end

    # A modest amount, for bids and prices where random play should not burn its cash.
    def modest(min, max, step: 1)
      max = min + (step * ((max - min) / step))
      return min if max <= min

      cap = [max, min + [((max - min) * 0.3).to_i, step].max].min
      cap = min + (step * ((cap - min) / step)) # on the allowed multiples too
      r = @rng.rand
      return max if r < 0.07
      return min if r < 0.5
      return amount(min, max, step: step, low_bias: 0.0) if r < 0.62 # anywhere, odd amounts too

      amount(min, cap, step: step, low_bias: 0.0)
    end
  end
end
