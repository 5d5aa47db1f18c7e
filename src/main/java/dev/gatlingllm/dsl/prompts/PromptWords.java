package dev.gatlingllm.dsl.prompts;

/**
 * Plain English words for random prompts: common, ASCII, mostly one token in any BPE vocabulary.
 */
final class PromptWords {
  private PromptWords() {}

  static final String[] ALL =
      ("time year people way day man thing woman life child world school state family student group country "
              + "problem hand part place case week company system program question work government number night "
              + "point home water room mother area money story fact month lot right study book eye job word business "
              + "issue side kind head house service friend father power hour game line end member law car city "
              + "community name president team minute idea kid body information back parent face others level office "
              + "door health person art war history party result change morning reason research girl guy moment air "
              + "teacher force education foot boy age policy music market sense nation plan college interest death "
              + "experience effect class control care field development role effort rate heart drug show leader "
              + "light voice wife police mind price report decision son view relationship town road arm difference "
              + "value building action model season society tax director position player record paper space ground "
              + "form event official matter center couple site project activity star table need court oil situation "
              + "cost industry figure street image phone data picture practice piece land product doctor wall patient "
              + "worker news test movie north love support technology step baby computer type attention film tree "
              + "source organization hair window evidence population site truth river garden bridge cloud stone "
              + "green blue red small large quick slow bright quiet early late simple strong gentle open clear warm "
              + "cold fresh happy calm brave kind ready free full deep long short high low new old good great little "
              + "make take give find tell ask seem feel try leave call keep let begin help talk turn start show hear "
              + "play run move like live believe bring happen write provide sit stand lose pay meet include continue "
              + "set learn lead understand watch follow stop create speak read spend grow offer remember consider "
              + "appear buy wait serve die send expect build stay fall cut reach kill remain suggest raise pass sell")
          .split(" ");
}
